import CLua

/// A Lua function handed to Swift (a hook's callback), kept in its state's registry until the
/// last Swift reference goes. Only its own script can call it (``LuaScript/call(_:_:)``); pushed
/// into another state it is nil.
///
/// Used on the script's thread only (hence the unchecked `Sendable`: values travel in
/// `LuaValue`s, which are `Sendable` for the rest of their cases).
public final class LuaFunction: @unchecked Sendable {
    /// The registry reference (`luaL_ref`).
    let reference: Int32
    /// The state's context; nil once the script is closed, when the reference went with it.
    weak var context: LuaContext?

    init(reference: Int32, context: LuaContext) {
        self.reference = reference
        self.context = context
    }

    deinit {
        guard let context, let state = context.state else { return }
        luaL_unref(state, natter_lua_registryindex(), reference)
    }

    /// Reads the function at `index` of `state` as a new reference.
    static func read(from state: OpaquePointer, at index: Int32) -> LuaFunction {
        lua_pushvalue(state, index)
        let reference = luaL_ref(state, natter_lua_registryindex())
        return LuaFunction(reference: reference, context: LuaContext.of(state))
    }

    /// Pushes the function on `state`, or nil if it belongs to another state.
    func push(on state: OpaquePointer) {
        guard let context, context.state == state else { return lua_pushnil(state) }
        _ = lua_rawgeti(state, natter_lua_registryindex(), lua_Integer(reference))
    }
}
