/// Polynomial least-squares fitting via the normal equations (small degree, few points).
enum LeastSquares {
    /// Coefficients `c[0] + c[1]·x + … + c[degree]·x^degree` minimising the squared error, or
    /// `nil` when the system is (nearly) singular, e.g. too few distinct `x`.
    static func fit(_ xs: [Double], _ ys: [Double], degree: Int) -> [Double]? {
        let n = degree + 1
        guard xs.count >= n else { return nil }
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for (x, y) in zip(xs, ys) {
            var powers = [Double](repeating: 1, count: 2 * n - 1)
            for i in 1..<powers.count { powers[i] = powers[i - 1] * x }
            for row in 0..<n {
                for column in 0..<n { matrix[row][column] += powers[row + column] }
                matrix[row][n] += powers[row] * y
            }
        }
        let scale = matrix.map { $0[0..<n].map(abs).max() ?? 0 }.max() ?? 0
        guard scale > 0 else { return nil }
        // Gaussian elimination with partial pivoting.
        for column in 0..<n {
            var pivot = column
            for row in column..<n where abs(matrix[row][column]) > abs(matrix[pivot][column]) {
                pivot = row
            }
            guard abs(matrix[pivot][column]) > 1e-10 * scale else { return nil }
            matrix.swapAt(column, pivot)
            for row in 0..<n where row != column {
                let factor = matrix[row][column] / matrix[column][column]
                for k in column...n { matrix[row][k] -= factor * matrix[column][k] }
            }
        }
        return (0..<n).map { matrix[$0][n] / matrix[$0][$0] }
    }
}
