import StrataTextWorker

// strata-server's text worker: lays out clients' strings out of the server's process (docs/security.md).
TextWorkerLoop.run()
