import Foundation

/// `value` rounded to two decimals, for checking the numbers SCROLLING.md gives to 2 decimals.
func rounded2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
