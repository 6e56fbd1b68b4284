-- name: autoop
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: Ops people whose services account is listed for the channel as they join

-- Only the account counts, never the nick: anyone can take a nick, only services log someone
-- in to an account. The account comes with the join itself where the server has
-- extended-join or account-tag, so nothing needs asking.

natter.setting("accounts", { default = {},
    summary = "who is opped on joining: entries #channel:account (* for every channel)" })

-- The prefixes that may give +o: the server's PREFIX lists modes from the highest, o among
-- them, e.g. (qaohv)~&@%+ gives ~, & and @.
local function op_prefixes(network)
    local prefix = natter.isupport(network).PREFIX
    local modes, symbols = tostring(prefix or ""):match("^%((%a+)%)(.+)$")
    local o = modes and modes:find("o", 1, true)
    if not o then return "@" end
    return symbols:sub(1, o)
end

local function is_listed(network, channel, account)
    local wanted = natter.fold(network, account)
    local here = natter.fold(network, channel)
    for _, entry in ipairs(natter.get("accounts")) do
        local where, who = entry:match("^(.-):(.+)$")
        if where and (where == "*" or natter.fold(network, where) == here) and natter.fold(network, who) == wanted then
            return true
        end
    end
    return false
end

natter.on("join", function(e)
    if e.own then return end
    local me = natter.fold(e.network, natter.nick(e.network))
    local joiner = natter.fold(e.network, e.nick)
    local account, opped = nil, false
    local ops = op_prefixes(e.network)
    for _, member in ipairs(natter.nicks(e.network, e.channel)) do
        local name = natter.fold(e.network, member.nick)
        if name == joiner then account = member.account end
        if name == me then
            for i = 1, #member.prefix do
                if ops:find(member.prefix:sub(i, i), 1, true) then opped = true end
            end
        end
    end
    -- "*" is how extended-join says "not logged in".
    if not opped or not account or account == "" or account == "*" then return end
    if is_listed(e.network, e.channel, account) then
        natter.send(e.network, "MODE " .. e.channel .. " +o " .. e.nick)
    end
end)
