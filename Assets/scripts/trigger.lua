-- name: trigger
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: A simple trigger bot: a word said in a channel (!ping) gets a reply (pong)

natter.setting("triggers", { default = { "!ping=pong" },
    summary = "TRIGGER=REPLY entries; the reply may name $nick and $channel" })
natter.setting("channels", { default = {},
    summary = "the channels it answers in (none listed: every channel)" })
natter.setting("cooldown", { default = 10, min = 0, max = 3600,
    summary = "seconds before the same nick gets another reply" })

-- When each nick was last answered, by network and nick: someone repeating a trigger cannot
-- make us flood the channel (and get us kicked by the server's flood limits).
local answered = {}

local function answers_in(network, channel)
    local channels = natter.get("channels")
    if #channels == 0 then return true end
    for _, name in ipairs(channels) do
        if natter.fold(network, name) == natter.fold(network, channel) then return true end
    end
    return false
end

-- The reply for the first word of the text, if it is a trigger (case does not matter).
local function reply_to(text)
    local word = (text:match("^%s*(%S+)") or ""):lower()
    for _, entry in ipairs(natter.get("triggers")) do
        local trigger, reply = entry:match("^(.-)=(.*)$")
        if trigger and trigger:lower() == word and reply ~= "" then return reply end
    end
end

natter.on_message(function(m)
    if m.own or m.kind ~= "privmsg" or not m.nick or not natter.is_channel(m.network, m.buffer) then return end
    if not answers_in(m.network, m.buffer) then return end
    local reply = reply_to(natter.strip(m.text))
    if not reply then return end
    local who = m.network .. " " .. natter.fold(m.network, m.nick)
    local now = natter.time()
    if answered[who] and now - answered[who] < natter.get("cooldown") then return end
    answered[who] = now
    -- A function as the replacement: a nick with % in it is taken as it is.
    reply = reply:gsub("%$(%a+)", function(name)
        if name == "nick" then return m.nick elseif name == "channel" then return m.buffer end
    end)
    natter.say(m.network, m.buffer, reply)
end)
