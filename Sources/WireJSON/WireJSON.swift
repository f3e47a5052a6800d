// WireJSON, the product: the validator's fast pass and `JSONValidator` here, and everything else
// (the engines and their exact pass, events, `JSONValue`, JSON paths, located errors, the canonical
// writer) in WireJSONCore, re-exported whole, so `import WireJSON` shows one module. The app side
// (WireDecoder, WireHTTP, WireDiagnostics) compiles WireJSONCore alone.
@_exported import WireJSONCore
