import Testing
@testable import IRCProtocol

struct ISupportTests {
    @Test func defaultsWhenAbsent() {
        let s = ISupport()
        #expect(s.prefixes.map(\.mode) == ["o", "v"])
        #expect(s.prefixes.map(\.prefix) == ["@", "+"])
        #expect(s.channelTypes == ["#", "&"])
        #expect(s.caseMapping == .rfc1459)
        #expect(s.network == nil)
        #expect(s.nickLength == 9)
        #expect(s.lineLength == 512)
        #expect(s.modesPerCommand == 3)
        #expect(!s.supportsMonitor && !s.utf8Only && s.botMode == nil && !s.supportsChatHistory)
        #expect(s.maxTargets(for: "PRIVMSG") == nil)
        #expect(s.channelModes.a == "beI")
    }

    @Test func readsTokens() throws {
        var s = ISupport()
        s.apply(try IRCMessage(parsing: ":srv 005 me PREFIX=(qaohv)~&@%+ CHANTYPES=# CHANMODES=beI,k,l,imnpstCMRS CASEMAPPING=ascii NETWORK=Example\\x20Net NICKLEN=30 :are supported by this server"))
        s.apply(try IRCMessage(parsing: ":srv 005 me CHANNELLEN=64 TOPICLEN=390 LINELEN=2048 TARGMAX=PRIVMSG:4,NOTICE:4,JOIN: MODES=4 MONITOR=100 UTF8ONLY BOT=B CHATHISTORY=1000 :are supported by this server"))
        #expect(s.prefixes.map(\.prefix) == ["~", "&", "@", "%", "+"])
        #expect(s.channelTypes == ["#"])
        #expect(s.channelModes.d == "imnpstCMRS")
        #expect(s.caseMapping == .ascii)
        #expect(s.network == "Example Net")
        #expect(s.nickLength == 30 && s.channelLength == 64 && s.topicLength == 390)
        #expect(s.lineLength == 2048)
        #expect(s.maxTargets(for: "privmsg") == 4)
        #expect(s.maxTargets(for: "JOIN") == Int.max)
        #expect(s.maxTargets(for: "KICK") == nil)
        #expect(s.modesPerCommand == 4)
        #expect(s.monitorLimit == 100)
        #expect(s.utf8Only && s.botMode == "B" && s.chatHistoryLimit == 1000)
        #expect(s.isChannel("#natter") && !s.isChannel("&local"))
        s.apply(token: "-MONITOR")
        #expect(!s.supportsMonitor)
    }

    /// What /who and /quiet ask of the server: WHOX, and extended bans with their prefix.
    @Test func whoxAndExtendedBans() throws {
        var s = ISupport()
        #expect(!s.supportsWHOX && s.extendedBans == nil)
        s.apply(try IRCMessage(parsing: ":srv 005 me WHOX EXTBAN=,ABCMNOQRSTUcjmprsz :are supported by this server"))
        #expect(s.supportsWHOX)
        #expect(s.extendedBans?.prefix == "" && s.extendedBans?.types.contains("m") == true)
        s.apply(token: "EXTBAN=$,ajrxz")
        #expect(s.extendedBans?.prefix == "$" && s.extendedBans?.types == "ajrxz")
    }

    @Test func caseMappings() {
        #expect(IRCCaseMapping.rfc1459.equal("Nick[a]~", "nick{A}^"))
        #expect(!IRCCaseMapping.rfc1459Strict.equal("a~", "A^"))
        #expect(IRCCaseMapping.rfc1459Strict.equal("a[\\]", "A{|}"))
        #expect(!IRCCaseMapping.ascii.equal("a[", "a{"))
        #expect(IRCCaseMapping.ascii.equal("ÄbC", "Äbc"))
        #expect(IRCCaseMapping(isupportValue: "RFC1459-STRICT") == .rfc1459Strict)
        #expect(IRCCaseMapping(isupportValue: "rfc7613") == .ascii)
        #expect(IRCCaseMapping.rfc1459.lowercased("#Chan[]") == "#chan{}")
        // Folded already, or only bytes no mapping folds: the same text back.
        for mapping in IRCCaseMapping.allCases {
            #expect(mapping.lowercased("#chan{}|^ é") == "#chan{}|^ é")
            #expect(mapping.lowercased("") == "")
        }
        #expect(IRCCaseMapping.ascii.lowercased("~[É]") == "~[É]")
        #expect(IRCCaseMapping.rfc1459.lowercased("~x") == "^x")
    }

    @Test func foldTablesFoldEveryByteAsFoldDoes() {
        for mapping in IRCCaseMapping.allCases {
            #expect(mapping.foldTable.count == 256)
            #expect((0...255).allSatisfy { mapping.foldTable[$0] == mapping.fold(UInt8($0)) }, "\(mapping)")
        }
        #expect(IRCCaseMapping.rfc1459.foldTable[Int(UInt8(ascii: "~"))] == UInt8(ascii: "^"))
        #expect(IRCCaseMapping.ascii.foldTable[Int(UInt8(ascii: "["))] == UInt8(ascii: "["))
    }
}
