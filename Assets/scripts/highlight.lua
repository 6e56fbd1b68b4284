-- name: highlight
-- version: 1.0
-- author: Natter
-- licence: MIT
-- description: Extra highlights per channel, on whole words or Lua patterns

-- Natter's own highlights are the same everywhere; this adds some for one channel only
-- (a project's name where it is discussed, a build bot's failures) or everywhere (*).
-- An entry is BUFFER:WORD or BUFFER:/PATTERN/:
--   #natter:release      the word "release", in any case, in #natter only
--   *:/build%s+failed/   the Lua pattern, as the text is said, in every buffer
natter.setting("words", { default = {},
    summary = "extra highlights: entries #channel:word or *:/lua pattern/ (* for every buffer)" })

local rules = {}

-- The entries read once, again whenever the setting changes, not at every message.
local function compile()
    rules = {}
    for _, entry in ipairs(natter.get("words")) do
        local where, what = entry:match("^(.-):(.+)$")
        local pattern = what and what:match("^/(.+)/$")
        if not where then
            print("highlight: the entry " .. entry .. " is not BUFFER:WORD or BUFFER:/PATTERN/")
        elseif pattern then
            -- A broken pattern is said once here, not at every message.
            local ok, problem = pcall(string.find, "", pattern)
            if ok then
                rules[#rules + 1] = { where = where, pattern = pattern }
            else
                print("highlight: the pattern in " .. entry .. " does not read: " .. tostring(problem))
            end
        else
            rules[#rules + 1] = { where = where, word = what:lower() }
        end
    end
end

-- A word stands alone: no letter, digit, _ or UTF-8 byte right before or after it, so
-- "cat" is not found in "concatenate".
local function is_word_byte(c)
    return c ~= "" and (c:find("^[%w_]") ~= nil or c:byte() >= 128)
end

local function has_word(text, word)
    local start = 1
    while true do
        local first, last = text:find(word, start, true)
        if not first then return false end
        if not is_word_byte(text:sub(first - 1, first - 1)) and not is_word_byte(text:sub(last + 1, last + 1)) then
            return true
        end
        start = first + 1
    end
end

natter.on("config", function(e)
    if e.name == "scripts." .. natter.script.name .. ".words" then compile() end
end)

natter.on_message(function(m)
    if m.own or m.kind == "tagmsg" or #rules == 0 then return end
    local text = natter.strip(m.text)
    local lowered = text:lower()
    local here = natter.fold(m.network, m.buffer)
    for _, rule in ipairs(rules) do
        if rule.where == "*" or natter.fold(m.network, rule.where) == here then
            local found = rule.word and has_word(lowered, rule.word)
            if rule.pattern and not found then
                -- Some broken patterns only fail as far as a text takes them ("a%", "(a"):
                -- such a rule is said once and dropped, not failed at every message.
                local ok, result = pcall(string.find, text, rule.pattern)
                if ok then
                    found = result ~= nil
                else
                    print("highlight: the pattern " .. rule.pattern .. " does not read, and is left out: " .. tostring(result))
                    rule.pattern = nil
                end
            end
            if found then return "highlight" end
        end
    end
end)

compile()
