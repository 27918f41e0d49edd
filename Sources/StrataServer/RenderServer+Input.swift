import StrataProtocol

extension RenderServer {
    func inject(_ events: [InjectedInput], from s: ClientSession) throws {
        try queue(.injectResult("unsupported: input injection"), to: s)
    }
}
