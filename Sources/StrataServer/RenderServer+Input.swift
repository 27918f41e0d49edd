import StrataInput
import StrataProtocol

/// Input: the source's device events and inspectors' injected ones go through `InputDispatch` to the
/// router, which sends them to clients.
extension RenderServer {
    func makeInput() -> InputDispatch {
        let input = InputDispatch(compositor: compositor, logger: logger)
        input.router.send = { [unowned self] client, event in self.send(.input(event), to: client) }
        input.router.sendObserved = { [unowned self] client, event in self.send(.observedInput(event), to: client) }
        input.router.note = { [unowned self] text in self.log(.notice, "input: \(text)") }
        return input
    }

    /// How input is routed and who may inject it.
    public var inputSettings: InputSettings {
        get { input.settings }
        set { input.settings = newValue }
    }

    /// Reads what the input source has ready. A source that fails as a whole is dropped (logged): the
    /// server goes on without device input.
    public func readInput() {
        guard let source = inputSource else { return }
        do {
            for event in try source.readEvents() { input.handle(event) }
        } catch {
            logger.error("input source failed; continuing without device input", metadata: ["error": "\(error)"])
            inputSource = nil
        }
    }

    /// An inspector's injected events, where injection is allowed; the answer says whether they were routed.
    func inject(_ events: [InjectedInput], from s: ClientSession) throws {
        let refusal: String? = if !inputSettings.allowsInjection {
            "input injection is off (input-injection: on by default for the headless backend only)"
        } else if !s.isInspector {
            "only inspectors may inject input (root, the server's user or the inspector-group)"
        } else {
            input.inject(events, time: mediaClock())
        }
        try queue(.injectResult(refusal ?? ""), to: s)
    }
}
