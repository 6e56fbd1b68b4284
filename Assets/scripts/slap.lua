-- name: slap
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: /slap NICK [object]: the classic action, with Tab completing the channel's nicks

natter.setting("object", { default = "a large trout",
    summary = "what /slap hits with when no object is given" })

natter.command("slap", function(args, network, buffer)
    local nick, object = args:match("^%s*(%S+)%s*(.-)%s*$")
    if not nick then
        natter.print(network, buffer, "usage: /slap NICK [object]")
        return
    end
    if buffer == "" then
        natter.print(network, buffer, "/slap: there is no one to slap in the server buffer")
        return
    end
    if object == "" then object = natter.get("object") end
    natter.act(network, buffer, "slaps " .. nick .. " around a bit with " .. object)
end, {
    help = "slaps NICK around a bit with a large trout (or with OBJECT)",
    usage = "/slap NICK [object]",
    -- args holds the words typed before the one Tab completes. Nicks (of the channel on
    -- screen, or the query's) for the first word only: the object is free text. Tab keeps
    -- those that start as typed.
    complete = function(args)
        if args:find("%S") then return {} end
        local network, buffer = natter.current()
        if not network or not buffer or buffer == "" then return {} end
        local names = {}
        if natter.is_channel(network, buffer) then
            for _, member in ipairs(natter.nicks(network, buffer)) do names[#names + 1] = member.nick end
        else
            names[1] = buffer
        end
        table.sort(names, function(a, b) return a:lower() < b:lower() end)
        return names
    end,
})
