#!/usr/bin/python3
"""A scripted XDG desktop portal for the tests: org.freedesktop.portal.Desktop on the session
bus given by DBUS_SESSION_BUS_ADDRESS, serving org.freedesktop.portal.Settings as the portal
specification describes it (version 2: ReadOne, ReadAll, and the deprecated Read that wraps its
answer in a second variant), with only the org.freedesktop.appearance color-scheme setting.

Usage: fake-portal.py SCHEME [--version 1]
SCHEME is the starting color-scheme (0 no preference, 1 dark, 2 light). Each line on standard
input sets a new value and emits SettingChanged. Version 1 has no ReadOne, as portals before
1.15 did. Prints "ready" once it owns its name.
"""
import sys, threading
import dbus, dbus.service, dbus.mainloop.glib
from gi.repository import GLib

NAMESPACE, KEY = "org.freedesktop.appearance", "color-scheme"
INTERFACE = "org.freedesktop.portal.Settings"


class Settings(dbus.service.Object):
    def __init__(self, bus, value):
        super().__init__(bus, "/org/freedesktop/portal/desktop")
        self.value = value

    def current(self):
        return dbus.UInt32(self.value, variant_level=1)

    @dbus.service.method(INTERFACE, in_signature="as", out_signature="a{sa{sv}}")
    def ReadAll(self, namespaces):
        return {NAMESPACE: {KEY: self.current()}}

    @dbus.service.method(INTERFACE, in_signature="ss", out_signature="v")
    def Read(self, namespace, key):
        if (namespace, key) != (NAMESPACE, KEY):
            raise dbus.exceptions.DBusException("Requested setting not found", name="org.freedesktop.portal.Error.NotFound")
        return dbus.UInt32(self.value, variant_level=2)

    @dbus.service.signal(INTERFACE, signature="ssv")
    def SettingChanged(self, namespace, key, value):
        pass


class SettingsV2(Settings):
    @dbus.service.method(INTERFACE, in_signature="ss", out_signature="v")
    def ReadOne(self, namespace, key):
        if (namespace, key) != (NAMESPACE, KEY):
            raise dbus.exceptions.DBusException("Requested setting not found", name="org.freedesktop.portal.Error.NotFound")
        return self.current()


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    version = 1 if "--version" in sys.argv and sys.argv[sys.argv.index("--version") + 1] == "1" else 2
    settings = (SettingsV2 if version == 2 else Settings)(bus, int(sys.argv[1]))
    name = dbus.service.BusName("org.freedesktop.portal.Desktop", bus)
    loop = GLib.MainLoop()

    def change(value):
        settings.value = value
        settings.SettingChanged(NAMESPACE, KEY, dbus.UInt32(value, variant_level=1))
        print("changed", value, flush=True)
        return False

    def read_stdin():
        for line in sys.stdin:
            if line.strip():
                GLib.idle_add(change, int(line))
        GLib.idle_add(loop.quit)

    threading.Thread(target=read_stdin, daemon=True).start()
    print("ready", flush=True)
    loop.run()
    del name


main()
