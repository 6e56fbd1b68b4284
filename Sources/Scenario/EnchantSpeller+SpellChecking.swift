import NatterUI
import Spelling

/// Enchant checks the input line's spelling: in scenarios, and in the window (the app imports
/// this target for it, the lowest that sees both the speller and the controller's protocol).
extension EnchantSpeller: SpellChecking {}
