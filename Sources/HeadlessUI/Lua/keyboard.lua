local keyboard = objc.RBKeyboardSynthesizer
simulate.type = function(text)
    if type(text) ~= "string" then error("simulate.type expects a string, got " .. type(text), 2) end
    return keyboard:typeText(text)
end
simulate.key = function(name)
    if type(name) ~= "string" then
        error("simulate.key expects a key's name ('backspace' or 'return'), got " .. type(name), 2)
    end
    return keyboard:pressKey(name)
end
simulate.paste = function(text)
    if type(text) ~= "string" then error("simulate.paste expects a string, got " .. type(text), 2) end
    return keyboard:paste(text)
end
