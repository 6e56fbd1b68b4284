-- name: awaylog
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: Keeps what mentioned or messaged you while you were away, and replays it when you are back

-- Away is what the server says, not what was typed: 306 (RPL_NOWAWAY) answers /away and 305
-- (RPL_UNAWAY) answers /back, whoever sent them (you, an alias, another script, a bouncer).
-- Watching those two replies is the one way to agree with the server.

natter.setting("max", { default = 200, min = 1, max = 1000,
    summary = "lines kept per network while you are away (the oldest go first)" })
natter.setting("private", { default = true,
    summary = "keep private messages too, not only the lines that mention you" })

-- Kept lines live in the store, so a restart or an edit of this file while you are away
-- loses nothing. kept[network] = { {time, where, nick, text}, ... }
local kept = natter.store.get("kept") or {}
local away = natter.store.get("away") or {}

-- The store holds 1 MiB: when the lines do not fit, the oldest of the longest list go until
-- they do.
local function keep()
    for _ = 1, 50 do
        if pcall(natter.store.set, "kept", kept) then return end
        local longest, size = nil, 0
        for network, lines in pairs(kept) do
            if #lines > size then longest, size = network, #lines end
        end
        if not longest then return end
        for _ = 1, math.max(1, size // 4) do table.remove(kept[longest], 1) end
    end
end

-- The command of a raw line: past the tags (@...) and the source (:...).
local function command_of(line)
    local rest = line
    if rest:sub(1, 1) == "@" then rest = rest:match("^%S+%s+(.*)$") or "" end
    if rest:sub(1, 1) == ":" then rest = rest:match("^%S+%s+(.*)$") or "" end
    return rest:match("^(%S+)")
end

local function replay(network)
    local lines = kept[network]
    kept[network] = nil
    keep()
    if not lines or #lines == 0 then return end
    natter.print(network, "", string.format("while you were away: %d line%s", #lines, #lines == 1 and "" or "s"))
    for _, line in ipairs(lines) do
        local where = line.where ~= "" and ("in " .. line.where) or "in private"
        natter.print(network, "", string.format("while you were away: %s %s <%s> %s",
            os.date("%H:%M", math.floor(line.time)), where, line.nick, line.text))
    end
end

-- A new connection starts not away (the server says 306 again if it keeps us away, as a
-- bouncer does): a flag left from before a restart or a dropped link would keep logging.
natter.on("connected", function(e)
    away[e.network] = nil
    natter.store.set("away", away)
end)

natter.on_raw_in(function(network, line)
    local command = command_of(line)
    if command == "306" then
        away[network] = true
        natter.store.set("away", away)
    elseif command == "305" then
        away[network] = nil
        natter.store.set("away", away)
        replay(network)
    end
    -- Nothing returned: Natter reads the line as it came.
end)

natter.on_message(function(m)
    if not away[m.network] or m.own or m.kind == "tagmsg" then return end
    local channel = natter.is_channel(m.network, m.buffer)
    local private = not channel and m.buffer ~= "" and natter.get("private")
    if not m.highlight and not private then return end
    local lines = kept[m.network] or {}
    lines[#lines + 1] = { time = m.time, where = channel and m.buffer or "",
                          nick = m.nick or "?", text = natter.strip(m.text) }
    -- Capped, so a long absence on a busy network cannot outgrow the store.
    local max = natter.get("max")
    while #lines > max do table.remove(lines, 1) end
    kept[m.network] = lines
    keep()
end)
