package rules

// The package rules (M...): the package directory (pkgcheck) and the manifest (manifestcheck).
var (
	PackageModuleMissing = &Rule{ID: "M001", Slug: "package-module-missing", Severity: Error, Since: "v0.1.0", By: PackageCheck,
		Title: "The package directory has no module.wasm",
		Why: `A package directory holds module.wasm, subako-package.json and, optionally, the assets Subako
mounts at /package. Without module.wasm there is nothing to run.`,
		Example: "subakogo lint dist/hello where the build wrote dist/hello/main.wasm.",
		Fix:     "name the module module.wasm (subakogo pack writes the whole directory for a Go package).",
	}

	ManifestMissing = &Rule{ID: "M002", Slug: "manifest-missing", Severity: Error, Since: "v0.1.0", By: PackageCheck,
		Title:   "The package directory has no subako-package.json",
		Why:     "Subako takes module.wasm with a subako-package.json whose abi is 1.",
		Example: "a directory with module.wasm only.",
		Fix: `write subako-package.json:
    {"abi": 1, "name": "hello", "description": "Says hello."}
A Go package built with the SDK prints it: go run . --subako-manifest (subakogo pack does this for you).`,
	}

	ManifestJSON = &Rule{ID: "M003", Slug: "manifest-json", Severity: Error, Since: "v0.1.0", By: ManifestCheck,
		Title: "subako-package.json is not a JSON object",
		Why: `The manifest must be one JSON object. The finding gives the line and column where parsing
failed.`,
		Example: `{"abi": 1, "name": "hello",}  - a trailing comma.`,
		Fix: `correct the JSON at the position shown; a JSON formatter (jq . subako-package.json) finds
the same place.`,
	}

	ManifestABI = &Rule{ID: "M004", Slug: "manifest-abi", Severity: Error, Since: "v0.1.0", By: ManifestCheck,
		Title: "abi is not the integer 1",
		Why: `Subako packages speak ABI 1, and the manifest says so with "abi": 1, written as the integer:
not 1.0, not "1".`,
		Example: `{"abi": "1", ...}`,
		Fix:     `write "abi": 1.`,
	}

	ManifestField = &Rule{ID: "M005", Slug: "manifest-field", Severity: Error, Since: "v0.1.0", By: ManifestCheck,
		Title: "name or description is missing or not sensible",
		Why: `name is 1 to 64 characters of lowercase letters, digits, '-' and '_', starting with a letter or
digit; description is a non-empty string of at most 1,024 characters. Both are required. The
rules are the project's JSON Schema for the manifest (manifestcheck/schemas/subako-package.schema.json).`,
		Example: `{"abi": 1, "name": "Hello World"}  - spaces and capitals in name, no description.`,
		Fix:     `{"abi": 1, "name": "hello-world", "description": "Says hello to the world."}`,
	}

	ManifestUnknownField = &Rule{ID: "M006", Slug: "manifest-unknown-field", Severity: Warning, Since: "v0.1.0", By: ManifestCheck,
		Title: "A field Subako does not read",
		Why: `Subako reads abi, name and description. Any other field is ignored, which usually means a typo in
a field's name or a setting that belongs elsewhere (tools are learned from the module itself).`,
		Example: `{"abi": 1, "name": "hello", "description": "Says hello.", "version": "1.0"}`,
		Fix:     "remove the field, or correct its name.",
	}

	ManifestMismatch = &Rule{ID: "M007", Slug: "manifest-mismatch", Severity: Error, Since: "v0.1.0", By: ManifestCheck,
		Title: "The manifest differs from the Go package's own --subako-manifest",
		Why: `A package built with the Go SDK knows its own name and description (from //subako:package and
the package doc comment) and prints them with --subako-manifest. A manifest that says otherwise
was written by hand or is stale.`,
		Example: `subako-package.json says "name": "hello" but the package says //subako:package greeter.`,
		Fix:     "regenerate it with subakogo pack, or go run . --subako-manifest > subako-package.json.",
	}

	PackageFileNotRegular = &Rule{ID: "M008", Slug: "package-file-not-regular", Severity: Error, Since: "v0.1.0", By: PackageCheck,
		Title: "module.wasm or subako-package.json is not a regular file",
		Why: `subakogo reads a package's files only when they are regular files. A symbolic link could lead
the linter (and, through it, a CI job) to any file on the machine, a device such as /dev/zero
streams forever, and a FIFO never ends: none of them is opened for reading.`,
		Example: "module.wasm -> /dev/zero, or subako-package.json made with mkfifo.",
		Fix:     "copy the real file into the package directory (subakogo pack writes regular files).",
	}

	PackageFileTooLarge = &Rule{ID: "M009", Slug: "package-file-too-large", Severity: Error, Since: "v0.1.0", By: PackageCheck,
		Title: "module.wasm or subako-package.json is larger than subakogo reads",
		Why: `subakogo reads at most 1 GiB of module.wasm and 1 MiB of subako-package.json (a manifest is three
short fields). Anything larger is refused unread, so a package cannot exhaust the linter's memory.`,
		Example: "a 2 GB module.wasm, or a manifest padded with megabytes of whitespace.",
		Fix:     "strip the module (see W040) or correct the manifest.",
	}

	AssetsNotRegular = &Rule{ID: "M010", Slug: "assets-not-regular", Severity: Error, Since: "v0.1.0", By: PackageCheck,
		Title: "assets/ holds a symbolic link or a special file",
		Why: `Subako mounts assets/ at /package. A symbolic link there (or assets/ itself being one)
would let the module, and the linter running it, read whatever the link points at on the
machine: the host's password file, or /proc/self/environ and the CI secrets in it. Devices,
FIFOs and sockets are refused too. The finding names each path; nothing is followed, and
pack refuses to copy such a directory.`,
		Example: "assets/etc -> /etc, or assets/data -> ../../secrets.",
		Fix:     "copy the files themselves into assets/.",
	}

	ManifestDuplicateKey = &Rule{ID: "M011", Slug: "manifest-duplicate-key", Severity: Error, Since: "v0.1.0", By: ManifestCheck,
		Title: "subako-package.json names a field twice",
		Why: `JSON readers disagree on a repeated key: some keep the first value, some the last. A manifest
that says {"abi": 1, "abi": 2} means one thing to one reader and another to the next, so a
repeated key is refused; the finding points at the second one.`,
		Example: `{"abi": 1, "name": "hello", "name": "other", "description": "Says hello."}`,
		Fix:     "keep one of them.",
	}
)
