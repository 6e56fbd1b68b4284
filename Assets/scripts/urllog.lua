-- name: urllog
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: Lists the links said in a buffer (/urls [COUNT]), kept across restarts

natter.setting("max", { default = 100, min = 1, max = 1000,
    summary = "links kept per buffer (the oldest go first)" })
natter.setting("shown", { default = 10, min = 1, max = 1000,
    summary = "links /urls lists when no count is given" })

-- Buffer names compare as the network says (CASEMAPPING), so #Natter and #natter share a list.
local function fold(network, name)
    local lowered = name:lower()
    local mapping = natter.isupport(network).CASEMAPPING
    if mapping == "ascii" then return lowered end
    lowered = lowered:gsub("[%[%]\\]", { ["["] = "{", ["]"] = "}", ["\\"] = "|" })
    if mapping ~= "strict-rfc1459" then lowered = lowered:gsub("~", "^") end
    return lowered
end

-- One store key per buffer: only the buffer that got a link is written again.
local function key(network, buffer)
    return network .. " " .. fold(network, buffer)
end

-- A scheme and what follows up to a space or an angle bracket; punctuation that ends a
-- sentence is not part of the link, nor a closing parenthesis the link did not open.
local function links_in(text)
    local found = {}
    for link in text:gmatch("%a[%w+.-]*://[^%s<>\"]+") do
        link = link:gsub("[.,;:!?'\"]+$", "")
        if link:sub(-1) == ")" and not link:find("(", 1, true) then link = link:sub(1, -2) end
        found[#found + 1] = link
    end
    for link in (" " .. text):gmatch("%s(www%.[%w-]+%.[^%s<>\"]+)") do
        found[#found + 1] = (link:gsub("[.,;:!?'\")]+$", ""))
    end
    return found
end

-- The store holds 1 MiB: when it is full, the buffer whose newest link is oldest goes.
local function save(name, list)
    for _ = 1, 20 do
        if pcall(natter.store.set, name, list) then return end
        local oldest, when = nil, math.huge
        for _, other in ipairs(natter.store.keys()) do
            local links = natter.store.get(other)
            local last = type(links) == "table" and links[#links] and links[#links].time or 0
            if other ~= name and last < when then oldest, when = other, last end
        end
        if not oldest then return end
        natter.store.set(oldest, nil)
    end
end

natter.on_message(function(m)
    if m.kind == "tagmsg" then return end
    local found = links_in(natter.strip(m.text))
    if #found == 0 then return end
    local name = key(m.network, m.buffer)
    local list = natter.store.get(name) or {}
    for _, link in ipairs(found) do
        list[#list + 1] = { time = m.time, nick = m.nick or "", url = link }
    end
    local max = natter.get("max")
    while #list > max do table.remove(list, 1) end
    save(name, list)
end)

natter.command("urls", function(args, network, buffer)
    local count = natter.get("shown")
    if args ~= "" then
        count = tonumber(args)
        if not count or count < 1 or count ~= math.floor(count) then
            natter.print(network, buffer, "usage: /urls [COUNT] (COUNT a whole number, 1 or more)")
            return
        end
    end
    local list = natter.store.get(key(network, buffer)) or {}
    if #list == 0 then
        natter.print(network, buffer, "no links said here yet")
        return
    end
    local first = math.max(1, #list - count + 1)
    natter.print(network, buffer, string.format("links said here (%d of %d, newest last):", #list - first + 1, #list))
    for i = first, #list do
        local link = list[i]
        natter.print(network, buffer, string.format("%s <%s> %s",
            os.date("%Y-%m-%d %H:%M", math.floor(link.time)), link.nick, link.url))
    end
end, { help = "lists the links said in this buffer, newest last", usage = "/urls [COUNT]" })
