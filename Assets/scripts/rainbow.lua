-- name: rainbow
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: /rainbow TEXT says TEXT with each letter in a colour of the mIRC palette

-- The colours by their mIRC numbers (0-98), in the order the letters take them.
natter.setting("colours", { default = { "04", "07", "08", "09", "03", "10", "12", "02", "06", "13" },
    summary = "mIRC colour numbers (0-98) the letters cycle through" })

local function palette()
    local colours = {}
    for _, entry in ipairs(natter.get("colours")) do
        local number = tonumber(entry)
        if number and number >= 0 and number <= 98 and number == math.floor(number) then
            -- Always two digits: a letter that is itself a digit cannot become part of the code.
            colours[#colours + 1] = string.format("%02d", number)
        end
    end
    if #colours == 0 then colours = { "04", "08", "09", "12" } end
    return colours
end

natter.command("rainbow", function(args, network, buffer)
    if args == "" or buffer == "" then
        natter.print(network, buffer, "usage: /rainbow TEXT (in a channel or a query)")
        return
    end
    if not utf8.len(args) then
        natter.print(network, buffer, "/rainbow: the text is not UTF-8")
        return
    end
    local colours, next, out = palette(), 1, {}
    for _, code in utf8.codes(args) do
        local letter = utf8.char(code)
        -- Spaces keep no colour, so the colours run over the letters alone.
        if letter:find("^%s$") then
            out[#out + 1] = letter
        else
            out[#out + 1] = "\3" .. colours[next] .. letter
            next = next % #colours + 1
        end
    end
    natter.say(network, buffer, table.concat(out))
end, { help = "says TEXT with each letter in another colour", usage = "/rainbow TEXT" })
