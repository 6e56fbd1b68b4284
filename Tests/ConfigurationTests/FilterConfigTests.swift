import Configuration
import Testing

/// `[filter]`: the smart filter's default and its minutes, with errors that name the key.
struct FilterConfigTests {
    @Test func theSmartFilterIsReadWithItsDefaults() throws {
        let plain = try ConfigLoader.parse("", file: "c.toml")
        #expect(!plain.smartFilter && plain.smartFilterMinutes == 10)
        let config = try ConfigLoader.parse("[filter]\nsmart = true\nminutes = 25\n", file: "c.toml")
        #expect(config.smartFilter && config.smartFilterMinutes == 25)
    }

    @Test(arguments: ["[filter]\nminutes = 0\n", "[filter]\nminutes = 2000\n", "[filter]\nminutes = \"ten\"\n",
                      "[filter]\nsmart = \"yes\"\n", "[filter]\ndelay = 3\n"])
    func badValuesAreRefusedNamingTheKey(text: String) {
        #expect {
            try ConfigLoader.parse(text, file: "c.toml")
        } throws: { error in
            "\(error)".contains("filter.")
        }
    }
}
