-- name: urllog
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: Lists the links said in a buffer (/urls [COUNT]), kept across restarts

natter.setting("max", { default = 100, min = 1, max = 1000,
    summary = "links kept per buffer (the oldest go first)" })
natter.setting("shown", { default = 10, min = 1, max = 1000,
    summary = "links /urls lists when no count is given" })

-- One store key per buffer: only the buffer that got a link is written again. Its name folded
-- as the network's casemapping says, so #Natter and #natter share a list.
local function key(network, buffer)
    return network .. " " .. natter.fold(network, buffer)
end

-- A scheme and what follows up to a space or an angle bracket; punctuation that ends a
-- sentence is not part of the link, nor a closing parenthesis the link did not open.
-- Found with plain searches and byte walks: a pattern such as "%a[%w+.-]*://" would go back
-- over a long word at every letter of it, in C, where the script's time bound cannot stop it.
local function is_scheme_byte(b)
    return (b >= 48 and b <= 57) or (b >= 65 and b <= 90) or (b >= 97 and b <= 122) or b == 43 or b == 45 or b == 46
end

local function is_link_byte(b)
    return b > 32 and b ~= 60 and b ~= 62 and b ~= 34
end

-- The link from `first`, up to a space or an angle bracket, without closing punctuation.
local function link_from(text, first)
    local last = first
    while last < #text and is_link_byte(text:byte(last + 1)) do last = last + 1 end
    while last > first and (".,;:!?'\""):find(text:sub(last, last), 1, true) do last = last - 1 end
    local link = text:sub(first, last)
    -- A closing parenthesis the link did not open belongs to the sentence around it.
    local _, opened = link:gsub("%(", "")
    local _, closed = link:gsub("%)", "")
    while closed > opened and link:sub(-1) == ")" do
        link = link:sub(1, -2)
        closed = closed - 1
    end
    return link, last
end

local function links_in(text)
    local found = {}
    local start = 1
    while true do
        local colon = text:find("://", start, true)
        if not colon then break end
        -- Back over the scheme: letters, digits, + . -, starting with a letter.
        local first = colon
        while first > 1 and is_scheme_byte(text:byte(first - 1)) do first = first - 1 end
        while first < colon and not text:sub(first, first):find("%a") do first = first + 1 end
        local last = colon + 2
        if first < colon and colon + 3 <= #text and is_link_byte(text:byte(colon + 3)) then
            local link
            link, last = link_from(text, first)
            found[#found + 1] = link
        end
        start = math.max(last, colon + 3) + 1
    end
    start = 1
    while true do
        local at = text:find("www.", start, true)
        if not at then break end
        local before = at > 1 and text:byte(at - 1) or 32
        local link, last = link_from(text, at)
        -- On its own (not the www. inside a link found above), with a dot after the name.
        if (before == 32 or before == 9) and link:find(".", 5, true) then found[#found + 1] = link end
        start = math.max(last, at + 3) + 1
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
