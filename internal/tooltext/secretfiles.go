// The secret files: the one list of them, which the request and mention
// patterns (T040, T041) read and the owner exemption (ownDomain) pairs
// with the tools whose job they are.

package tooltext

import "strings"

// secretFile is one family of secret files: files, a regular expression
// (alternatives, on the folded text) of their paths; keys, pieces of
// their names, one of which each match holds (a sentence without one is
// not searched, and a match holding one is the family's: ownDomain); and
// owners, the words of the tools whose business they are ("" for none).
type secretFile struct {
	files  string
	keys   []string
	owners string
}

// secretFiles is the list: add a file here and only here (its pattern,
// its keys, its owners), then a line to docs/tool-text.md's T040 row.
var secretFiles = []secretFile{
	{`~?/?\.ssh/[\w.-]*|~/\.ssh\b|\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|\bauthorized_keys\b`,
		[]string{".ssh", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "authorized_keys"}, "ssh sftp scp key sign deploy host ansible rsync git"},
	// a glob over the home's dot directories with a path under it
	// ("~/.s*/id*", "~/.*/id_*", "~/.a*/cred*", "~/.[s]sh/config"): the
	// shell expands it to every dot directory the glob matches, the
	// secret ones (~/.ssh, ~/.aws) among them (attack pass 45c row 5);
	// brace expansion is such a glob ("~/.{ssh,aws}/*", "~/.s{s,}h/id*"),
	// and root's or a named user's home is a home (homeRoot: "/root/.s*/id*";
	// attack pass 45f row 5)
	{homeRoot + `\.[\w.-]*[*?\[{][\w.*?\[\]{},-]*/[\w.*?\[\]{},-]*`,
		[]string{"~/.", "home/.", "home}/.", "%userprofile%/.", "userprofile/.", "/root/.", "/home/", "/users/"}, ""},
	// MCP clients' configurations (their servers' env holds keys) and AI clients' own tokens
	{`\bmcp(?:_config|_settings)?\.json\b|claude_desktop_config\.json|\.claude\.json|~?/?\.claude/(?:\.credentials\.json|settings(?:\.local)?\.json)|~?/?\.cursor/[\w./-]*|~?/?\.gemini/[\w./-]*` +
		`|\.codex/(?:auth\.json|config\.toml)|\.continue/config\.(?:json|yaml|ts)\b|\.config/zed/settings\.json|\.config/goose/(?:config|secrets)\.yaml|\.aider\.conf\.yml|\bopencode/auth\.json`,
		[]string{"mcp.json", "mcp_config", "mcp_settings", "claude", ".cursor", ".gemini", ".codex", ".continue", "zed/", "goose/", ".aider", "opencode"},
		"mcp config setup install cursor claude client gemini codex continue zed goose aider opencode"},
	{`\.config/github-copilot/[\w.-]+`, []string{"github-copilot"}, "copilot"},
	// cloud CLIs
	{`~?/?\.aws/(?:credentials|config|sso/cache|cli/cache)\b|` + homeDir(`\.aws`) + `|` + fileVar("aws_shared_credentials_file", "aws_config_file"),
		[]string{".aws", "aws_shared_credentials_file", "aws_config_file"}, "aws s3 ec2 lambda iam credential profile terraform pulumi cdk"},
	{`\.s3cfg\b|\.mc/config\.json`, []string{".s3cfg", ".mc/"}, "s3 s3cmd aws bucket minio mc"},
	{`~?/?\.boto\b`, []string{".boto"}, "boto gsutil gcs s3 aws bucket"},
	{`\.config/gcloud\b(?:/[\w.*-]*)?|application_default_credentials\.json|` + fileVar("google_application_credentials", "cloudsdk_config"),
		[]string{"gcloud", "application_default", "google_application_credentials", "cloudsdk_config"}, "gcloud gcp google cloud"},
	{`~?/?\.azure/[\w./*-]*|` + homeDir(`\.azure`), []string{".azure"}, "azure"},
	{`~?/?\.oci/(?:config\b|[\w.-]+\.pem\b)`, []string{".oci/"}, "oci oracle"},
	{`\.aliyun/config\.json`, []string{".aliyun"}, "aliyun alibaba"},
	{`\bdoctl/config\.yaml`, []string{"doctl"}, "doctl digitalocean droplet"},
	{`\.pulumi/credentials\.json`, []string{".pulumi"}, "pulumi"},
	{`\.terraform\.d/credentials|\.terraformrc\b`, []string{".terraform"}, "terraform tf"},
	// and the cluster's admin kubeconfig where kubeadm, k3s, RKE2 and k0s
	// write it (attack pass 45c row 6); every kubeconfig kubeadm writes
	// in /etc/kubernetes (admin, super-admin, kubelet, controller-manager,
	// scheduler: each a client certificate and key for the cluster) and
	// its CA's keys (attack pass 45f row 6)
	{`\.kube/config\b|` + homeDir(`\.kube`) + `|` + fileVar("kubeconfig") +
		`|/etc/kubernetes/(?:[\w.*-]+\.conf|pki/[\w.*/-]+\.key)\b|/etc/rancher/(?:k3s/k3s|rke2/rke2)\.yaml\b|/var/lib/k0s/pki/admin\.conf\b`,
		[]string{".kube", "kubeconfig", "/etc/kubernetes/", "k3s.yaml", "rke2.yaml", "k0s/pki"}, "kube kubectl kubeconfig k8s k3s rke2 k0s kubeadm cluster pod helm namespace"},
	{`\.config/helm/(?:repositories\.yaml|registry/config\.json)`, []string{"helm/"}, "helm chart"},
	{`\.docker/config\.json|\bcontainers/auth\.json|` + homeDir(`\.docker`) + `|` + fileVar("docker_config", "registry_auth_file"),
		[]string{".docker", "containers/auth", "docker_config", "registry_auth_file"}, "docker podman container image registry"},
	// platform CLIs
	{`\bnetlify/config\.json`, []string{"netlify"}, "netlify"},
	{`\bvercel(?:\.cli)?/auth\.json`, []string{"vercel"}, "vercel"},
	{`\.fly/config\.yml`, []string{".fly"}, "fly flyctl"},
	{`\bwrangler/config/default\.toml`, []string{"wrangler"}, "wrangler cloudflare worker workers"},
	{`\.supabase/access-token\b`, []string{".supabase"}, "supabase"},
	{`\bconfigstore/firebase-tools\.json`, []string{"firebase"}, "firebase"},
	{`\.railway/config\.json`, []string{".railway"}, "railway"},
	{`\bngrok2?/ngrok\.yml`, []string{"ngrok"}, "ngrok tunnel"},
	{`\.config/op/config\b|\.op/config\b`, []string{"op/config"}, "op 1password onepassword"},
	{`\.vault-token\b`, []string{"vault"}, "vault"},
	// secrets managers' and platforms' CLI files (attack pass 41k, row 7)
	{`\.doppler/[\w.*-]*|` + homeDir(`\.doppler`), []string{".doppler"}, "doppler secret secrets"},
	{`\.infisical/[\w.*-]*|` + homeDir(`\.infisical`), []string{".infisical"}, "infisical secret secrets"},
	{`\bsops/age/keys\.txt\b|\bage/keys\.txt\b|` + fileVar("sops_age_key_file"), []string{"age/keys", "sops_age_key_file"}, "sops age decrypt encrypt secret secrets"},
	{`\bbitwarden cli/data\.json\b`, []string{"bitwarden cli"}, "bitwarden bw password passwords vault"},
	{`\.config/stripe/config\.toml\b`, []string{"stripe/"}, "stripe"},
	{`\.sentryclirc\b`, []string{".sentryclirc"}, "sentry"},
	{`\.config/hcloud/cli\.toml\b`, []string{"hcloud/"}, "hcloud hetzner"},
	// more CLI credential files (attack pass 43d, row 28): Doppler's in
	// the configuration directory, CircleCI's CLI token (cli.yml, not the
	// project's config.yml), the IBM Cloud CLI's, Ansible's vault
	// password file
	{`\.config/doppler\b(?:/[\w.*-]*)?|\bdoppler/\.doppler\.ya?ml\b`, []string{"doppler/"}, "doppler secret secrets"},
	{`\.circleci/cli\.ya?ml\b`, []string{".circleci"}, "circleci circle"},
	{`\.bluemix/[\w./*-]*|` + homeDir(`\.bluemix`), []string{".bluemix"}, "ibm ibmcloud bluemix"},
	{`\.vault[_-]pass(?:word)?(?:\.txt)?\b|\bvault[_-]pass(?:word)?\.txt\b`, []string{"vault_pass", "vault-pass"}, "ansible vault"},
	// application and tool secret files (attack pass 43h, row 11): Rails'
	// master key and per-environment keys, WordPress's wp-config.php (its
	// database password and salts), Terraform's state (resource secrets in
	// plain text), FileZilla's saved sites (their passwords), a VNC
	// password, a cloud service account's key file
	{`\bconfig/(?:master|credentials/[\w-]+)\.key\b`, []string{"master.key", "credentials/"}, "rails credentials"},
	{`\bwp-config\.php\b`, []string{"wp-config"}, "wordpress wp site"},
	{`\bterraform\.tfstate(?:\.backup)?\b|[\w.-]*\.tfstate\b`, []string{"tfstate"}, "terraform tf tofu opentofu state infra infrastructure"},
	{`\bfilezilla/(?:sitemanager|recentservers)\.xml\b`, []string{"filezilla"}, "filezilla ftp sftp"},
	{`\.vnc/passwd\b`, []string{".vnc"}, "vnc"},
	{`\b[\w-]*service[-_]account[\w-]*\.json\b`, []string{"service-account", "service_account"}, "gcloud gcp google cloud firebase iam"},
	// code hosts and git
	{`\.config/gh\b(?:/[\w.*-]*)?|\bgithub cli/hosts\.yml\b|\.config/hub\b|\.config/glab-cli/config\.yml|` + fileVar("gh_config_dir"),
		[]string{".config/gh", "gh/", "github cli", ".config/hub", "glab-cli", "gh_config_dir"}, "gh github hub glab gitlab"},
	{`\.netrc\b|\.git-credentials\b|\.config/git/credentials\b|` + fileVar("netrc"), []string{".netrc", ".git-credentials", "git/credentials", "netrc"}, "git http login auth credential curl wget ftp"},
	// package registries
	{`\.npmrc\b|\.yarnrc\.yml\b|\bnpm/etc/npmrc\b|` + fileVar("npm_config_userconfig"), []string{".npmrc", ".yarnrc", "npm/etc", "npm_config_userconfig"}, "npm yarn package publish registry"},
	{`\.pypirc\b|\bpypoetry/auth\.toml`, []string{".pypirc", "pypoetry"}, "pypi pip poetry package publish"},
	{`\.cargo/credentials(?:\.toml)?\b`, []string{".cargo/"}, "cargo crate crates"},
	{`\.gem/credentials\b`, []string{".gem/"}, "gem gems rubygems"},
	{`\.m2/settings\.xml|\.gradle/gradle\.properties`, []string{".m2/", "gradle.properties"}, "maven gradle android"},
	{`\.composer/auth\.json`, []string{".composer/"}, "composer packagist"},
	{`\bnuget\.config\b`, []string{"nuget.config"}, "nuget dotnet"},
	// data platforms and database passwords
	{`\.pgpass\b|\.my\.cnf\b|\.mylogin\.cnf\b|` + fileVar("pgpassfile"), []string{".pgpass", ".my.cnf", ".mylogin", "pgpassfile"}, "postgres postgresql pg psql mysql mariadb sql database db"},
	{`\.dbt/profiles\.yml`, []string{".dbt/"}, "dbt warehouse"},
	{`\.snowflake/(?:connections|config)\.toml|\.snowsql/config\b`, []string{".snowflake", ".snowsql"}, "snowflake snowsql warehouse"},
	{`\.databrickscfg\b`, []string{".databrickscfg"}, "databricks"},
	{`\.kaggle/kaggle\.json`, []string{".kaggle"}, "kaggle dataset datasets"},
	{`\.cache/huggingface/(?:token|stored_tokens)\b|\.huggingface/token\b`, []string{"huggingface"}, "huggingface hf hub model models dataset datasets"},
	{`\.config/rclone/rclone\.conf\b`, []string{"rclone"}, "rclone sync backup"},
	// keys and password stores
	{`\.password-store\b|\.local/share/keyrings\b`, []string{".password-store", "keyrings"}, "pass keyring password"},
	{`\.gnupg\b`, []string{".gnupg"}, "gpg pgp sign encrypt"},
	// the system's and the process's
	{`/etc/(?:shadow|passwd|sudoers)\b`, []string{"/etc/"}, "user account system admin"},
	{`/proc/(?:self|\d+)/environ\b`, []string{"/environ"}, "process proc env environment"},
	// a server's TLS private keys (attack pass 42d, row 7): certbot's
	// privkey.pem and its key directory, the distributions' private key
	// directories, a .key file under /etc; not fullchain.pem nor cert.pem
	{`/etc/letsencrypt/(?:live|archive)/[\w.*-]+/privkey\d*\.pem\b|/etc/letsencrypt/keys\b(?:/[\w.*-]*)?|/etc/ssl/private\b(?:/[\w.*-]*)?|/etc/pki/tls/private\b(?:/[\w.*-]*)?|/etc/[\w./-]*?[\w-]\.key\b`,
		[]string{"letsencrypt", "ssl/private", "tls/private", ".key"}, "ssl tls cert certs certificate certificates certbot letsencrypt acme nginx apache caddy https"},
	// TLS and VPN private keys in other places (attack pass 42e, row 8):
	// acme.sh's and Caddy's key files, a .key or privkey.pem in a
	// certificate directory outside /etc, win-acme's .pfx, strongSwan's
	// private directory, WireGuard's configuration (its PrivateKey)
	{`\.acme\.sh/[\w./*-]*?[\w-]\.key\b|caddy/certificates/[\w./*-]*?[\w-]\.key\b|/(?:opt|srv|var|usr|home|data)/[\w./-]*?(?:ssl|tls|certs?|private|keys|pki)/[\w.*-]*?(?:[\w-]\.key|privkey\d*\.pem)\b` +
		`|win-acme/certificates/[\w.*-]+\.pfx\b|/etc/ipsec\.d/private\b(?:/[\w.*-]*)?|/etc/wireguard/[\w.*-]+\.conf\b`,
		[]string{".acme.sh", "caddy/certificates", ".key", "privkey", "win-acme", "ipsec.d", "wireguard"},
		"ssl tls cert certs certificate certificates certbot letsencrypt acme nginx apache caddy https vpn wireguard wg ipsec strongswan"},
	// shell and REPL histories, of every shell
	{`\.(?:bash|zsh|fish|ksh|sh|tcsh|psql|mysql|sqlite|python|node_repl|rediscli|irb|pry|julia)_history\b|\bfish_history\b|\bconsolehost_history\.txt\b` +
		`|\.histfile\b|\.zhistory\b|\.(?:zsh|bash)_sessions\b|\batuin/history\.db\b|\bnushell/history\.(?:txt|sqlite3)\b|\.mongosh/[\w.-]*history\b|\.dbshell\b`,
		[]string{"_history", "histfile", "zhistory", "_sessions", "atuin", "nushell", ".dbshell"}, "history shell terminal"},
	// messaging apps' stored sessions, whose files log in as the user
	// (attack pass 43d, row 28): Telegram Desktop's tdata, Discord's,
	// Slack's and Signal's local storage and keys
	{`\btelegram ?desktop/tdata\b(?:/[\w.*-]*)?|\.config/(?:discord(?:canary|ptb)?|slack)/(?:local storage|cookies|session storage)\b(?:/[\w.*-]*)?|\.config/signal/(?:config\.json|sql\b)`,
		[]string{"tdata", "discord/", "discordcanary/", "discordptb/", "slack/", "signal/"}, "telegram tg discord slack signal messenger"},
	// wallets
	{`\.ethereum/keystore\b|\bwallet\.dat\b|\.config/solana/[\w.-]*|\.electrum/wallets\b|\bsui\.keystore\b|\.near-credentials\b`,
		[]string{"wallet", "solana", ".ethereum", "sui.keystore", ".near-credentials"}, "wallet crypto bitcoin solana eth ethereum web3 blockchain geth electrum sui near"},
	// browsers
	// and saved passwords by any owner ("the user's saved passwords",
	// "their saved logins": attack pass 44f row 5)
	{`\blogin data\b|cookies\.sqlite|\b(?:browser|chrome|firefox|safari)(?:'s)? (?:cookies|passwords|saved passwords|keychain|profile)\b|\bkeychain\b|\bsaved (?:browser )?(?:passwords|logins)\b`,
		[]string{"login data", "cookies", "keychain", "browser", "chrome", "firefox", "safari", "saved password", "saved login", "saved browser"}, "cookie keychain password credential"},
	{`\blogins\.json\b|\bkey[34]\.db\b`, []string{"logins.json", "key3.db", "key4.db"}, "firefox mozilla browser password"},
}

// A path's prefixes are read once, here, for every family (attack pass
// 41k, row 7): either separator ("%USERPROFILE%\\.aws\\credentials"), and
// the user's configuration directory by any of its names: ~/.config,
// $XDG_CONFIG_HOME, %APPDATA% (where os.UserConfigDir puts an app's
// directory on Windows), macOS's Application Support. A family writes
// "\.config/app/..." and "/" and is read with all of them.
const configDirs = `(?:\.config|\$\{?xdg_config_home\}?|\$env:(?:local)?appdata|%(?:local)?appdata%|appdata/(?:roaming|local)|library/application support)`

// homeDir is a secret directory in the user's home, read whole: by name
// ("every file under ~/.aws"), or any file or glob in it ("~/.aws/*"),
// the home written ~, $HOME, %USERPROFILE% or C:\Users\name.
func homeDir(dir string) string {
	return homeRoot + dir + `\b(?:/[\w.*-]*)?`
}

// homeRoot is the user's home and a separator after it, the ways a
// path writes it: ~, $HOME, %USERPROFILE%, and by its path, root's
// (/root: a server often runs as root) or a named user's (/home/alice,
// /Users/alice, C:\Users\alice) (attack pass 45f row 5).
const homeRoot = `(?:~|\$\{?home\}?|%userprofile%|\$env:userprofile|\bc:/users/[\w.-]+|/root|/home/[\w.-]+|/users/[\w.-]+)/`

// fileVar is an environment variable naming a secret file, written with
// its sigil ($KUBECONFIG, ${AWS_SHARED_CREDENTIALS_FILE}, %NAME%,
// $env:NAME), and any path under it.
func fileVar(names ...string) string {
	return `(?:\$\{?(?:env:)?|%)(?:` + strings.Join(names, "|") + `)\b[%}]?(?:/[\w.*-]*)?`
}

// eitherSeparator is the regular expression r with each "/" read as "/"
// or "\\", in a character class too.
func eitherSeparator(r string) string {
	var b strings.Builder
	class := false
	for k := 0; k < len(r); k++ {
		c := r[k]
		switch {
		case c == '\\' && k+1 < len(r):
			b.WriteByte(c)
			k++
			b.WriteByte(r[k])
			continue
		case c == '[' && !class:
			class = true
		case c == ']' && class:
			class = false
		case c == '/' && class:
			b.WriteString(`/\\`)
			continue
		case c == '/':
			b.WriteString(`[/\\]`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// strongThing is the secret files' pattern; secretFileKeys the pieces a
// sentence must hold before it is searched (each family's, with "\\" for
// "/", and the configuration directory's other names).
var strongThing, secretFileKeys = func() (string, []string) {
	var alts []string
	keys := []string{"xdg_config_home", "appdata", "application support"}
	for k, f := range secretFiles {
		f.files = eitherSeparator(strings.ReplaceAll(f.files, `\.config/`, configDirs+`/`))
		for _, key := range f.keys {
			if strings.Contains(key, "/") {
				f.keys = append(f.keys, strings.ReplaceAll(key, "/", `\`))
			}
		}
		secretFiles[k] = f
		alts = append(alts, f.files)
		keys = append(keys, f.keys...)
	}
	return strings.Join(alts, "|"), keys
}()

// ownDomain: the secret the text names is the tool's own business, by
// the tool's name: one of its words (nameWords) is an owner word of the
// secret's family, or its plural. A word inside another is none: "key"
// is not keyword_search's nor hockey_scores' business, "pg" not
// upgrade_plan's.
func ownDomain(tool, secret string) bool {
	words := nameWords(tool)
	for _, f := range secretFiles {
		if !containsAny(secret, f.keys) {
			continue
		}
		for _, o := range strings.Fields(f.owners) {
			for _, w := range words {
				if w == o || w == o+"s" || w == o+"es" || strings.HasSuffix(o, "y") && w == o[:len(o)-1]+"ies" {
					return true
				}
			}
		}
	}
	return false
}
