import Scripting

extension ScriptManager {
    /// Runs the timers that are due, each once per service (a repeating timer is due again
    /// `interval` after this run, so one that takes longer than its interval cannot fill a frame).
    func runDueTimers() {
        let now = clock()
        for script in scripts where !script.isLeaving {
            for (id, hook) in script.hooks.sorted(by: { $0.key < $1.key }) {
                guard case .timer(let function, let interval, let repeating, let due) = hook, due <= now,
                      script.hooks[id] != nil, !script.isLeaving else { continue }
                if repeating {
                    script.hooks[id] = .timer(function, interval: interval, repeating: true, due: now + interval)
                } else {
                    script.hooks[id] = nil
                }
                call(script, function, [])
            }
        }
    }

    /// Sets the waker's alarm for the next timer.
    func scheduleAlarm() {
        guard let waker else { return }
        let next = scripts.filter { !$0.isLeaving }.flatMap(\.hooks.values).compactMap { hook -> Double? in
            if case .timer(_, _, _, let due) = hook { due } else { nil }
        }.min()
        waker.setAlarm(after: next.map { $0 - clock() })
    }
}
