# A copy of this repository's golden/ in a package of its own, so `wirelock lock` can write there.
set -eu
cp -R "$REPO/golden" golden
printf '// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(name: "Sample")\n' > Package.swift
