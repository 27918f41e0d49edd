/// A failure while running a command (as opposed to a bad argument, which ArgumentParser reports with usage).
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
