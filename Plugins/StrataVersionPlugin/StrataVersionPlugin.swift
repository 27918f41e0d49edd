import Foundation
import PackagePlugin

/// Writes `StrataVersion.current` from the first entry of debian/changelog, the one place Strata's version
/// is kept (docs/deployment.md, *Versions*): the packages `dpkg-buildpackage` makes and every binary's
/// `--version` then agree without a second copy to update.
@main struct StrataVersionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let changelog = context.package.directoryURL.appending(path: "debian/changelog")
        let output = context.pluginWorkDirectoryURL.appending(path: "StrataVersion.swift")
        // The first line is "strata (VERSION) DISTRIBUTION; urgency=…"; a line that is not fails the build.
        let script = """
            version=$(sed -n '1s/^strata (\\([0-9][0-9A-Za-z.+~-]*\\)) .*/\\1/p' "$1")
            if [ -z "$version" ]; then echo "$1: the first line does not read strata (VERSION) ..." >&2; exit 1; fi
            printf '%s\\n' \
              '/// The Strata release this code is, from debian/changelog (the build writes this file).' \
              'public enum StrataVersion {' \
              '    /// The version, as `strata-server --version` prints it and the Debian packages carry it.' \
              "    public static let current = \\"$version\\"" \
              '}' > "$2.tmp" && mv "$2.tmp" "$2"
            """
        return [.buildCommand(displayName: "Strata version from debian/changelog",
                              executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "sh", changelog.path, output.path],
                              inputFiles: [changelog], outputFiles: [output])]
    }
}
