/// p50, p90, p99 and the largest of a benchmark's samples (nearest rank below; empty: none).
enum Percentiles {
    static func of(_ values: [Double]) -> [String: Double] {
        let s = values.sorted()
        guard let largest = s.last else { return [:] }
        func at(_ q: Double) -> Double { s[min(s.count - 1, Int(Double(s.count - 1) * q))] }
        return ["p50": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": largest]
    }
}
