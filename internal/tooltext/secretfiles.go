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
	// MCP clients' configurations (their servers' env holds keys) and AI clients' own tokens
	{`\bmcp(?:_config|_settings)?\.json\b|claude_desktop_config\.json|\.claude\.json|~?/?\.claude/(?:\.credentials\.json|settings(?:\.local)?\.json)|~?/?\.cursor/[\w./-]*|~?/?\.gemini/[\w./-]*` +
		`|\.codex/(?:auth\.json|config\.toml)|\.continue/config\.(?:json|yaml|ts)\b|\.config/zed/settings\.json|\.config/goose/(?:config|secrets)\.yaml|\.aider\.conf\.yml|\bopencode/auth\.json`,
		[]string{"mcp.json", "mcp_config", "mcp_settings", "claude", ".cursor", ".gemini", ".codex", ".continue", "zed/", "goose/", ".aider", "opencode"},
		"mcp config setup install cursor claude client gemini codex continue zed goose aider opencode"},
	{`\.config/github-copilot/[\w.-]+`, []string{"github-copilot"}, "copilot"},
	// cloud CLIs
	{`~?/?\.aws/(?:credentials|config|sso/cache|cli/cache)\b`, []string{".aws"}, "aws s3 ec2 lambda iam credential profile terraform pulumi cdk"},
	{`\.s3cfg\b|\.mc/config\.json`, []string{".s3cfg", ".mc/"}, "s3 s3cmd aws bucket minio mc"},
	{`~?/?\.boto\b`, []string{".boto"}, "boto gsutil gcs s3 aws bucket"},
	{`\.config/gcloud\b|application_default_credentials\.json`, []string{"gcloud", "application_default"}, "gcloud gcp google cloud"},
	{`~?/?\.azure/[\w./-]*`, []string{".azure"}, "azure"},
	{`~?/?\.oci/(?:config\b|[\w.-]+\.pem\b)`, []string{".oci/"}, "oci oracle"},
	{`\.aliyun/config\.json`, []string{".aliyun"}, "aliyun alibaba"},
	{`\bdoctl/config\.yaml`, []string{"doctl"}, "doctl digitalocean droplet"},
	{`\.pulumi/credentials\.json`, []string{".pulumi"}, "pulumi"},
	{`\.terraform\.d/credentials|\.terraformrc\b`, []string{".terraform"}, "terraform tf"},
	{`\.kube/config\b`, []string{".kube"}, "kube kubectl kubeconfig k8s cluster pod helm namespace"},
	{`\.config/helm/(?:repositories\.yaml|registry/config\.json)`, []string{"helm/"}, "helm chart"},
	{`\.docker/config\.json|\bcontainers/auth\.json`, []string{".docker", "containers/auth"}, "docker podman container image registry"},
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
	// code hosts and git
	{`\.config/gh/hosts\.yml|\.config/hub\b|\.config/glab-cli/config\.yml`, []string{".config/gh", ".config/hub", "glab-cli"}, "gh github hub glab gitlab"},
	{`\.netrc\b|\.git-credentials\b|\.config/git/credentials\b`, []string{".netrc", ".git-credentials", "git/credentials"}, "git http login auth credential curl wget ftp"},
	// package registries
	{`\.npmrc\b|\.yarnrc\.yml\b`, []string{".npmrc", ".yarnrc"}, "npm yarn package publish registry"},
	{`\.pypirc\b|\bpypoetry/auth\.toml`, []string{".pypirc", "pypoetry"}, "pypi pip poetry package publish"},
	{`\.cargo/credentials(?:\.toml)?\b`, []string{".cargo/"}, "cargo crate crates"},
	{`\.gem/credentials\b`, []string{".gem/"}, "gem gems rubygems"},
	{`\.m2/settings\.xml|\.gradle/gradle\.properties`, []string{".m2/", "gradle.properties"}, "maven gradle android"},
	{`\.composer/auth\.json`, []string{".composer/"}, "composer packagist"},
	{`\bnuget\.config\b`, []string{"nuget.config"}, "nuget dotnet"},
	// data platforms and database passwords
	{`\.pgpass\b|\.my\.cnf\b|\.mylogin\.cnf\b`, []string{".pgpass", ".my.cnf", ".mylogin"}, "postgres postgresql pg psql mysql mariadb sql database db"},
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
	// shell and REPL histories, of every shell
	{`\.(?:bash|zsh|fish|ksh|sh|tcsh|psql|mysql|sqlite|python|node_repl|rediscli|irb|pry|julia)_history\b|\bfish_history\b|\bconsolehost_history\.txt\b` +
		`|\.histfile\b|\.zhistory\b|\.(?:zsh|bash)_sessions\b|\batuin/history\.db\b|\bnushell/history\.(?:txt|sqlite3)\b|\.mongosh/[\w.-]*history\b|\.dbshell\b`,
		[]string{"_history", "histfile", "zhistory", "_sessions", "atuin", "nushell", ".dbshell"}, "history shell terminal"},
	// wallets
	{`\.ethereum/keystore\b|\bwallet\.dat\b|\.config/solana/[\w.-]*|\.electrum/wallets\b|\bsui\.keystore\b|\.near-credentials\b`,
		[]string{"wallet", "solana", ".ethereum", "sui.keystore", ".near-credentials"}, "wallet crypto bitcoin solana eth ethereum web3 blockchain geth electrum sui near"},
	// browsers
	{`\blogin data\b|cookies\.sqlite|\b(?:browser|chrome|firefox|safari)(?:'s)? (?:cookies|passwords|saved passwords|keychain|profile)\b|\bkeychain\b`,
		[]string{"login data", "cookies", "keychain", "browser", "chrome", "firefox", "safari"}, "cookie keychain password credential"},
	{`\blogins\.json\b|\bkey[34]\.db\b`, []string{"logins.json", "key3.db", "key4.db"}, "firefox mozilla browser password"},
}

// strongThing is the secret files' pattern; secretFileKeys the pieces a
// sentence must hold before it is searched.
var strongThing, secretFileKeys = func() (string, []string) {
	var alts, keys []string
	for _, f := range secretFiles {
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
