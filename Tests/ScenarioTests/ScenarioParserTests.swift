import ChatModel
import Scenario
import Testing
import Widgets

struct ScenarioParserTests {
    /// A scenario saved with CR LF line ends reads line by line (splitting on "\n" alone
    /// found none: Swift counts CR LF as one Character).
    @Test func crlfLineEndsAreLineEnds() throws {
        let steps = try ScenarioParser.parse("size 800x600\r\n# note\r\nscale 2\r\n", file: "x.scenario")
        #expect(steps.map(\.line) == [1, 3])
        do {
            _ = try ScenarioParser.parse("size 800x600\r\nfrobnicate\r\n", file: "x.scenario")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func readsEveryCommandOfTheFormat() throws {
        let text = """
            # a comment
            size 800x600
            scale 2
            fps 144

            nick me
            network TestNet
            server :srv 001 me :Welcome  to  the net
            buffer #swift
            recv @time=2024-01-01T00:00:00Z :a!b@c PRIVMSG #swift :hi there
            history #swift old.txt
            older #swift 50
            wait 250ms
            wait 16.667ms
            at 1.5s
            wheel -3
            scroll 40.5
            touch down 10 20
            mouse move 1 2
            mouse down 3 4 right
            mouse up 3 4
            click 5 6
            key Ctrl+Shift+Z
            key PageUp
            type hello  world
            snapshot after-fling
            """
        let steps = try ScenarioParser.parse(text, file: "t.scenario")
        #expect(steps.count == 24)
        #expect(steps[0] == ScenarioStep(command: .size(width: 800, height: 600), line: 2))
        #expect(steps[5].command == .server(":srv 001 me :Welcome  to  the net"))
        #expect(steps[7].command == .recv("@time=2024-01-01T00:00:00Z :a!b@c PRIVMSG #swift :hi there"))
        #expect(steps[10].command == .wait(0.25))
        #expect(abs({ if case .wait(let s) = steps[11].command { return s } else { return 0 } }() - 0.016667) < 1e-9)
        #expect(steps[12].command == .at(1.5))
        #expect(steps[17].command == .mouseDown(x: 3, y: 4, button: .right))
        #expect(steps[20].command == .key(KeyEvent(.character("z"), modifiers: [.ctrl, .shift])))
        #expect(steps[21].command == .key(KeyEvent(.pageUp)))
        #expect(steps[22].command == .type("hello  world"))
        #expect(steps[23].command == .snapshot("after-fling"))
    }

    /// `timestamps` takes the rest of its line as the format, spaces and all (an extension).
    @Test func timestampsTakeTheRestOfTheLine() throws {
        let steps = try ScenarioParser.parse("timestamps [%l:%M %p]  %Z\n", file: "t.scenario")
        #expect(steps.map(\.command) == [.timestamps("[%l:%M %p]  %Z")])
    }

    /// `config FILE` gives the scenario its settings; `settings [SECTION]` opens the settings
    /// screen; `field NAME` gives a setting's control the keyboard (extensions).
    @Test func settingsAndFieldNameTheScreensSectionAndSetting() throws {
        let steps = try ScenarioParser.parse("config settings.toml\nsettings\nsettings keys\nfield networks.Libera.nick\n", file: "s.scenario")
        #expect(steps.map(\.command) == [.config("settings.toml"), .settings(nil), .settings(.keys), .field("networks.Libera.nick")])
    }

    /// The image viewer's commands (extensions): `viewer FILE`, a wheel at a point with
    /// modifiers, a pinch.
    @Test func theViewersCommandsReadTheirArguments() throws {
        let steps = try ScenarioParser.parse("viewer photo.png\nwheel -2 300 200 Ctrl\nwheel 1 5 6\nwheel 3 1 2 Ctrl+Shift\npinch 1.5 450 264\n",
                                             file: "v.scenario")
        #expect(steps.map(\.command) == [.viewer("photo.png"), .wheelAt(-2, x: 300, y: 200, modifiers: .ctrl),
                                          .wheelAt(1, x: 5, y: 6, modifiers: []), .wheelAt(3, x: 1, y: 2, modifiers: [.ctrl, .shift]),
                                          .pinch(1.5, x: 450, y: 264)])
    }

    @Test(arguments: [
        ("wheel 1 2", 1, "wheel takes N"), ("wheel 1 2 3 Hyper", 1, "unknown modifier"), ("pinch 0 1 2", 1, "above 0"),
        ("viewer", 1, "takes 1 argument"),
        ("settings colours", 1, "settings takes a section: networks, appearance"), ("field", 1, "takes 1 argument"),
        ("size 800", 1, "WIDTHxHEIGHT"), ("frobnicate 1", 1, "unknown command"), ("\n\nwait 3", 3, "not a time"),
        ("key Hyper+A", 1, "unknown modifier"), ("key Banana", 1, "unknown key"), ("recv", 1, "needs text"),
        ("snapshot ../x", 1, "snapshot names"), ("touch sideways 1 2", 1, "touch takes"),
        ("size 800x600\ntimestamps %I:%M %Q", 2, "%Q is not a timestamp directive"), ("timestamps", 1, "needs a format"),
    ])
    func badLinesNameTheFileAndLine(text: String, line: Int, message: String) {
        do {
            _ = try ScenarioParser.parse(text, file: "bad.scenario")
            Issue.record("parsed: \(text)")
        } catch {
            #expect(error.file == "bad.scenario" && error.line == line)
            #expect(error.message.contains(message), "message: \(error.message)")
            #expect(error.description.hasPrefix("bad.scenario:\(line): "))
        }
    }
}
