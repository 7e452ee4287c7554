// The credentials a command prints, and the secret environment
// variables written with their sigil: put in an argument or sent away,
// they are a secret request (T040) as a secret file's content is
// (attack pass 41e, row 3).

package tooltext

import (
	"regexp"
	"strings"

	"github.com/subako-ai/subako-go/internal/rules"
)

// printedSecret is a command whose job is to print a credential (on the
// folded text: lower case, a backquote as a quote).
const printedSecret = `\bgh\s+auth\s+(?:token\b|status\s+(?:-t|--show-token)\b)|\bglab\s+auth\s+status\s+(?:-t|--show-token)\b` +
	`|\bgcloud\s+(?:beta\s+)?auth\s+(?:application-default\s+)?print-(?:access|identity)-token\b|\bgcloud\s+secrets\s+versions\s+access\b` +
	`|\baz\s+account\s+get-access-token\b|\baz\s+keyvault\s+secret\s+show\b` +
	`|\baws\s+(?:configure\s+(?:export-credentials|get\s+aws_secret_access_key)|sts\s+(?:get-session-token|assume-role|get-federation-token)` +
	`|ecr(?:-public)?\s+get-login-password|codeartifact\s+get-authorization-token|secretsmanager\s+get-secret-value)\b` +
	`|\bsecurity\s+find-(?:generic|internet)-password\b|\bsecret-tool\s+lookup\b|\bcmdkey\s+/list\b` +
	`|\bop\s+(?:read|item\s+get)\b|\bbw\s+get\s+(?:password|item)\b` +
	`|\bvault\s+(?:read|kv\s+get|print\s+token|token\s+lookup)\b` +
	`|\bkubectl\s+(?:config\s+view\s+--raw|get\s+secrets?)\b` +
	`|\bheroku\s+auth:token\b|\bnpm\s+token\s+(?:list|ls|create)\b|\bdoctl\s+auth\s+token\b|\bfly(?:ctl)?\s+auth\s+token\b|\bfirebase\s+login:ci\b` +
	`|\bgit\s+credential\s+fill\b|\bdocker-credential-[\w-]+\s+get\b` +
	// secrets managers' and platforms' own "print the secret" (attack pass 41k, row 6)
	`|\bkubectl\s+create\s+token\b|\bdoppler\s+(?:secrets(?:\s+(?:download|get))?|configs\s+tokens\s+create)\b` +
	`|\binfisical\s+(?:export|secrets(?:\s+get)?)\b|\bpass\s+(?:show|otp)\s+[\w./@-]+|\bgopass\s+(?:show|cat)\b` +
	`|\bheroku\s+config(?::get)?\b|\bvercel\s+env\s+pull\b|\bnetlify\s+env:(?:list|get)\b|\brailway\s+variables\b` +
	`|\bnpm\s+config\s+get\s+\S*?_?auth(?:token)?\b|\bgpg2?\s+(?:--\S+\s+)*--export-secret-(?:sub)?keys\b` +
	`|\bsops\s+(?:-d|--decrypt|decrypt)\b|\bage\s+(?:-d|--decrypt)\b|\bsecurity\s+dump-keychain\b` +
	`|\baws\s+ssm\s+get-parameters?(?:-by-path)?\b[^\n]{0,80}--with-decryption\b` +
	// attack pass 41o, row 4, by families: password managers' show and
	// export; vault tools' view, decrypt, export; a cloud credential
	// made or reset (its output is the new secret); any command's output
	// or config value of a secret-named value; env run in a container
	`|\blpass\s+(?:show|export)\b|\bkeepassxc-cli\s+(?:show|export|clip)\b|\bbw\s+(?:list\s+items|export)\b|\bop\s+(?:item\s+list\s+[^\n]{0,40}--reveal|export)\b` +
	`|\bansible-vault\s+(?:view|decrypt)\b|\baws-vault\s+(?:export|exec\b[^\n]{0,60}\s--\s+(?:env|printenv)\b)|\bchamber\s+(?:export|read|exec\b[^\n]{0,60}\s--\s+(?:env|printenv)\b)` +
	`|\bgcloud\s+config\s+config-helper\b|\bgcloud\s+iam\s+service-accounts\s+keys\s+create\b|\baws\s+iam\s+create-(?:access-key|login-profile|service-specific-credential)\b` +
	`|\baz\s+(?:ad\s+(?:sp|app)\s+(?:credential\s+reset|create-for-rbac)|storage\s+account\s+keys\s+list|acr\s+credential\s+show|cosmosdb\s+keys\s+list)\b` +
	// attack pass 42d, row 8: a token read from git's configuration
	// (github.token, hub.oauthtoken, http.extraheader: not user.name); the
	// CLIs' config listings and status pages that print their keys; the
	// platforms' database credentials and connection strings; the
	// registries' tokens by the other package managers
	`|\bgit\s+config\s+(?:-{1,2}[\w-]+\s+)*(?:get\s+)?(?:-{1,2}[\w-]+\s+)*[\w.:/-]*(?:token|password|passwd|secret|extraheader|apikey|api-key)\b` +
	`|\bstripe\s+config\s+(?:--list|-l)\b|\bglab\s+config\s+get\s+(?:-{1,2}[\w-]+\s+(?:[\w.-]+\s+)?)*token\b|\bsupabase\s+status\b|\bfirebase\s+functions:config:get\b` +
	`|\bcomposer\s+config\s+(?:-{1,2}[\w-]+\s+)*(?:github-oauth|gitlab-oauth|gitlab-token|http-basic|bearer|bitbucket-oauth)\b|\b(?:pnpm|yarn)\s+config\s+get\s+\S*?auth(?:token|ident)?\b` +
	`|\baz\s+(?:storage\s+account\s+show-connection-string|redis\s+list-keys|acr\s+login\b[^\n]{0,40}--expose-token)\b` +
	`|\baws\s+(?:rds\s+generate-db-auth-token|eks\s+get-token|sso\s+get-role-credentials|ecr\s+get-authorization-token)\b` +
	`|\bheroku\s+(?:pg|redis):credentials(?::url)?\b|\bneonctl\s+connection-string\b|\bpscale\s+password\s+create\b` +
	// attack pass 42d, row 7: a private key printed by openssl (not with
	// -pubout, -noout or -nokeys: printedRequested)
	`|\bopenssl\s+(?:pkey|rsa|ec|pkcs8|pkcs12|genpkey|genrsa)\b` +
	// attack pass 42d, row 9: the clipboard, where a password was just
	// copied (xclip and xsel when they print it)
	`|\bpbpaste\b|\bwl-paste\b|\bget-clipboard\b|\btermux-clipboard-get\b|\bxclip\b[^\n|;&']{0,60}?\s-o(?:ut)?\b|\bxsel\b[^\n|;&']{0,60}?\s(?:-[a-z]*o[a-z]*|--output)\b` +
	// attack pass 42e, rows 8-10: WireGuard's private key; git's credential
	// helpers' get (the password git credential fill prints) and its whole
	// configuration; the clipboard managers' reads
	`|\bwg\s+(?:show\s+[\w-]+\s+private-key|showconf)\b|\bgit\s+credential-[\w-]+\s+get\b|\bgit\s+config\s+(?:--(?:global|system|local)\s+)?(?:--list|-l)\b` +
	`|\bcopyq\s+(?:read|clipboard|selection)\b|\bcliphist\s+(?:list|decode)\b|\bclipman\s+pick\b|\bgpaste-client\s+(?:get|history)\b`

// printedSecretRead is a command whose output is a secret by what it
// reads (attack pass 43d, rows 4, 17, 24): a reader of a project's .env
// or a container's mounted secrets (/run/secrets, the service account
// token; not .env.example), a download from a cloud's instance metadata
// credentials endpoint, the saved Wi-Fi keys (netsh ... key=clear, nmcli
// --show-secrets), every process's environment (BSD ps with e), a
// container's (docker inspect ... .Config.Env), an app's settings (az
// webapp config appsettings list), the shell's history (the output of
// `history`, running `fc -l`).
const printedSecretRead = `\b(?:sudo\s+)?(?:cat|tac|head|tail|more|less|bat|type|get-content|gc|strings|xxd|base64)\s+(?:-\S+\s+)*(?:[^\s'"|;&<>]*/)?(?:\.env(?:\.(?:local|prod|production|dev|development|staging|test))?\b|(?:var/)?run/secrets\b)` +
	`|\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n']{0,80}?(?:169\.254\.169\.254/(?:latest/meta-data/iam/security-credentials|metadata/identity/oauth2/token)|metadata\.google\.internal/computemetadata/v1/instance/service-accounts/[\w@.-]+/(?:token|identity)` +
	`|169\.254\.170\.2/|100\.100\.100\.200/latest/meta-data/ram/security-credentials)` +
	`|\bnetsh\s+wlan\s+(?:show|export)\s+profiles?\b[^\n']{0,80}?\bkey\s*=\s*clear\b|\bnmcli\s+(?:-s|--show-secrets)\b|\bnmcli\s+(?:dev(?:ice)?\s+)?wifi\s+show-password\b` +
	`|\bps\s+[auxwjlvfhcrnsm]*e[auxwjlvfhcrnsm]*\b` +
	`|\b(?:docker|podman|nerdctl)\s+(?:container\s+)?inspect\b[^\n]{0,80}?\.config\.env\b` +
	`|\baz\s+(?:webapp|functionapp)\s+config\s+(?:appsettings|connection-string)\s+list\b` +
	`|\b(?:(?:output|result|printout)s?\s+of\s+(?:running\s+)?(?:the\s+command\s+)?|run(?:ning)?\s+(?:the\s+command\s+)?)['"]?(?:history|fc\s+-l\w*|get-history|doskey\s+/history)\b`

// printedSecretReadKeys are the words a sentence must hold before
// printedSecretRead is searched.
var printedSecretReadKeys = []string{".env", "run/secrets", "169.254.", "metadata.google", "100.100.100.200", "netsh", "nmcli",
	"'ps ", "\"ps ", "ps e", "ps a", ".config.env", "appsettings", "connection-string", "history", "fc -l"}

// cliSecretWords is a credential-printing command asked for in words
// (attack pass 43d, row 32): a platform's CLI asked for its token or
// credentials ("ask the GitHub CLI for the current auth token", "use the
// AWS CLI to export the current credentials"), or the credentials named
// as the CLI's ("the token stored by the gh CLI"); envDumpWords is the
// environment printed or dumped in words ("print the environment").
// Both are kept by printedRequested, as the commands are: put in one of
// the tool's arguments or sent away.
const (
	cliSecretWords = `\b(?:ask|use|query|have|tell|get|run|call|make)\s+(?:the\s+)?` + cliName + `\s+(?:cli|command[ -]line(?:\s+(?:tool|client|interface))?)\b[^.\n]{0,60}?\b(?:(?:auth|authentication|access|api|session|bearer|oauth|login|current|stored|saved|cached|active|temporary|secret)\s+){0,2}(?:tokens?|credentials?|passwords?|secrets?|api\s+keys?|access\s+keys?|secret\s+keys?)\b` +
		`|\b` + cliSecret + `\s+(?:(?:that|which)\s+)?(?:from|of|stored\s+(?:in|by)|saved\s+(?:in|by)|held\s+by|cached\s+by|used\s+by)\s+(?:the\s+)?` + cliName + `\s+(?:cli|command[ -]line(?:\s+(?:tool|client|interface))?)\b` +
		`|\b` + cliSecret + `\s+(?:that\s+|which\s+)?(?:the\s+)?` + cliName + `\s+(?:cli|command[ -]line(?:\s+(?:tool|client|interface))?)\s+(?:uses|holds|stores|has|keeps|caches)\b`
	cliSecret = `(?:(?:auth|authentication|access|api|session|bearer|oauth|login|current|stored|saved|cached|active|temporary|secret)\s+){0,2}(?:tokens?|credentials?|passwords?|api\s+keys?|access\s+keys?|secret\s+keys?)`
	cliName   = `(?:github|gh|gitlab|glab|aws|amazon|gcloud|google\s+cloud|gcp|azure|az|heroku|vercel|netlify|fly(?:\.io|ctl)?|doctl|digitalocean|npm|docker|kubectl|kubernetes|1password|op|bitwarden|bw|lastpass|vault|doppler|infisical|firebase|railway|supabase|stripe|wrangler|cloudflare|terraform|pulumi|openai|hugging\s*face|hf)`
	// envDumpCalls dump the whole environment wherever they are named:
	// the shells' printenv and PowerShell's env: drive (Get-ChildItem
	// and its aliases gci, dir, ls), the languages' whole environment
	// (os.environ, process.env, Ruby's ENV.to_h, System.getenv(),
	// Deno.env.toObject(), Go's os.Environ(), Rust's std::env::vars(),
	// .NET's GetEnvironmentVariables()), not one variable of it
	// (os.environ.get, process.env.X: secretVar's) (attack pass 45c
	// row 3); os.environ's copy, items and values, PHP's $_ENV and
	// getenv() with no argument, Perl's %ENV, Bun.env (attack pass 45f
	// row 3; fold reads "$_ENV" as "$env", its "_" as emphasis). envDumpShell dump it as "the output of" them: env (by its
	// path, with -0, piped on), set, export, declare, typeset (with
	// their flags or none: bash prints the same), run by another shell
	// (`cmd /c set`, `sh -c env`).
	envDumpCalls = `\bprintenv\b|\b(?:get-childitem|gci|dir|ls|get-item)\s+env:` +
		`|\b(?:os\.environ|process\.env|bun\.env)(?:$|\.\s|\.$|[^.\[\w])|\benv\.(?:to_h|to_hash|to_a|inspect)\b|\bgetenv\(\s*\)|\bdeno\.env\.toobject\(|\bos\.environ(?:\.(?:copy|items|values))?\(|\bstd::env::vars(?:_os)?\(|\bgetenvironmentvariables\(` +
		`|\$_?env(?:$|[^:\[\w])|(?:^|[^\w%])%env\b(?:$|[^{\w])`
	envDumpShell = `(?:(?:cmd(?:\.exe)?\s+/c|(?:ba|z|da)?sh\s+-c|powershell(?:\.exe)?\s+-c(?:ommand)?)\s+)?` +
		`(?:(?:(?:/usr)?/bin/)?env(?:\s+(?:-0|--null))?|set|export(?:\s+-p)?|declare(?:\s+-[xp])?|typeset(?:\s+-[xp])?)(?:\s*\|\s*[\w.-]+(?:\s+-{0,2}[\w=]+)*)*`
	envDumpWords = `\b(?:print|dump|list|output|show|echo|export|capture|collect|copy)\s+(?:out\s+)?(?:(?:all\s+(?:of\s+)?|the\s+|your\s+|every\s+|whole\s+|entire\s+|full\s+|current\s+)+)(?:(?:process(?:'s)?|shell(?:'s)?|system|runtime|server(?:'s)?)\s+)?environment\b`
)

// cliSecretKeys are the words a sentence must hold before cliSecretWords
// or envDumpWords is searched; cliSecretAlso one of these too.
var (
	cliSecretKeys = []string{" cli", "command line", "command-line", "environment"}
	cliSecretAlso = []string{"token", "credential", "password", "secret", "key", "environment"}
)

// printedSecretValue is, by its parts, a command printing a secret-named
// value or a container's environment (attack pass 41o, row 4): any
// command's output of a secret-named value (`terraform output -raw
// db_password`, `pulumi stack output --show-secrets`), a config or
// secret store's get of one (`pulumi config get db_password`), env run
// in a container (`kubectl exec pod -- env`).
// A name alone is a command's when it is compound (db_password) or
// follows a flag: "the output token" is prose.
const printedSecretValue = `\b[a-z][\w-]*\s+(?:stack\s+)?output\s+(?:--show-secrets\b|(?:-{1,2}[\w=-]+\s+)+[\w.-]*` + secretValueName + `|[\w.-]*[\w.][_.-]` + secretValueName + `)` +
	`|\b[a-z][\w-]*\s+(?:config|secrets?|env|kv|param(?:eter)?s?)\s+(?:get|read|show|print)\s+(?:(?:-{1,2}[\w=-]+\s+)+(?:[\w./-]+\s+)?[\w./-]*` + secretValueName + `|(?:[\w./-]+\s+)?[\w./-]*[\w.][_./-]` + secretValueName + `)` +
	`|\b(?:kubectl|oc|docker|podman|nerdctl)\s+(?:compose\s+)?exec\b[^\n]{0,80}?\s(?:--\s+)?(?:env|printenv|set)(?:\s*$|\s*['".,;)])`

// printedSecretValueKeys and printedSecretValueAlso are the words a
// sentence must hold, one of each, before printedSecretValue is searched.
var (
	printedSecretValueKeys = []string{"output", "config ", "secret ", "secrets ", "env ", "kv ", "param", " exec "}
	printedSecretValueAlso = []string{"password", "passwd", "pwd", "secret", "token", "key", "credential", "connection", "dsn", "env", "set"}
)

// secretValueName is a secret's name in a command's argument (db_password,
// api_token): its output is the secret.
const secretValueName = `(?:password|passwd|pwd|secret|token|api[_-]?key|private[_-]?key|access[_-]?key|credentials?|connection[_-]?string|dsn)[\w-]*`

// printedSecretKeys are the words a sentence must hold before
// printedSecret is searched.
var printedSecretKeys = []string{"auth token", "auth status", "print-access-token", "print-identity-token", "versions access", "get-access-token",
	"secret show", "export-credentials", "aws_secret_access_key", "get-session-token", "assume-role", "get-federation-token", "get-login-password",
	"get-authorization-token", "get-secret-value", "-password", "secret-tool", "cmdkey", "op read", "op item", "bw get", "vault ", "kubectl",
	"auth:token", "npm token", "login:ci", "credential fill", "docker-credential-",
	"create token", "doppler", "infisical", "pass show", "pass otp", "gopass", "heroku config", "env pull", "env:list", "env:get",
	"railway variables", "config get", "export-secret", "sops", "age -d", "age --decrypt", "dump-keychain", "with-decryption",
	"lpass", "keepassxc-cli", "bw list", "bw export", "op export", "--reveal", "ansible-vault", "aws-vault", "chamber", "config-helper", "keys create",
	"create-access-key", "create-login-profile", "create-service-specific-credential", "credential reset", "create-for-rbac", "keys list",
	"credential show",
	"git config", "stripe config", "glab config", "supabase status", "functions:config:get", "composer config", "pnpm config", "yarn config",
	"show-connection-string", "list-keys", "expose-token", "generate-db-auth-token", "get-token", "get-role-credentials", ":credentials",
	"connection-string", "password create", "openssl", "pbpaste", "wl-paste", "get-clipboard", "termux-clipboard-get", "xclip", "xsel",
	"private-key", "showconf", "credential-", "copyq", "cliphist", "clipman", "gpaste-client"}

// commandOwners are the words of the tools whose job a command is, by
// the command's first word.
var commandOwners = map[string]string{
	"gh": "gh github", "glab": "glab gitlab", "gcloud": "gcloud gcp google secret secrets", "az": "az azure keyvault",
	"aws": "aws sts ecr codeartifact secretsmanager secret secrets", "security": "keychain security macos", "secret-tool": "keyring secret",
	"cmdkey": "credential credentials windows", "op": "op 1password onepassword", "bw": "bw bitwarden", "vault": "vault secret secrets",
	"kubectl": "kube kubectl kubernetes k8s cluster secret secrets", "heroku": "heroku", "npm": "npm", "doctl": "doctl digitalocean",
	"fly": "fly flyctl", "flyctl": "fly flyctl", "firebase": "firebase", "git": "git credential credentials",
	"doppler": "doppler secret secrets", "infisical": "infisical secret secrets", "pass": "pass password passwords", "gopass": "gopass pass password passwords",
	"vercel": "vercel", "netlify": "netlify", "railway": "railway", "gpg": "gpg pgp key keys", "gpg2": "gpg pgp key keys",
	"sops": "sops secret secrets decrypt", "age": "age decrypt",
	"lpass": "lpass lastpass password passwords", "keepassxc-cli": "keepass keepassxc password passwords", "ansible-vault": "ansible vault",
	"aws-vault": "aws vault", "chamber": "chamber secret secrets", "terraform": "terraform tf", "tofu": "tofu opentofu terraform",
	"pulumi": "pulumi", "docker": "docker container containers", "podman": "podman container containers", "oc": "openshift oc",
	"stripe": "stripe", "supabase": "supabase", "composer": "composer packagist", "pnpm": "pnpm npm", "yarn": "yarn npm",
	"neonctl": "neon neonctl database db", "pscale": "planetscale pscale database db",
	"openssl": "openssl ssl tls cert certs certificate certificates key keys crypto pki acme certbot",
	"pbpaste": "clipboard paste", "wl-paste": "clipboard paste", "get-clipboard": "clipboard paste", "termux-clipboard-get": "clipboard paste termux",
	"xclip": "clipboard paste xclip", "xsel": "clipboard paste xsel",
	"wg": "wg wireguard vpn", "copyq": "clipboard paste copyq", "cliphist": "clipboard paste cliphist", "clipman": "clipboard paste clipman",
	"gpaste-client": "clipboard paste gpaste",
	// attack pass 43d, rows 17 and 24
	"netsh": "wifi wlan wireless network netsh", "nmcli": "wifi wlan wireless network networkmanager nmcli",
	"ps": "ps process processes", "history": "history shell terminal", "fc": "history shell terminal",
	"get-history": "history shell terminal powershell", "doskey": "history shell terminal",
}

// secretVar is an environment variable written with its sigil:
// $NAME, ${NAME}, $env:NAME, %NAME%, process.env.NAME, os.environ["NAME"].
//
// and the reads of other languages (attack pass 41k, row 6):
// process.env["NAME"], os.environ.get("NAME"), Deno.env.get("NAME"),
// ENV["NAME"], ENV.fetch("NAME"), getenv("NAME"), std::env::var("NAME"),
// Environment.GetEnvironmentVariable("NAME"), $_ENV['NAME'].
const secretVar = `\$\{?(?:env:)?([a-z_][a-z0-9_]*)|%([a-z_][a-z0-9_]*)%|\bprocess\.env\.([a-z_][a-z0-9_]*)` +
	`|(?:\benv|\benviron|\$_env|\$_server)\[\s*['"]([a-z_][a-z0-9_]*)` +
	`|\b(?:environ\.get|env\.get|env\.fetch|getenv|env::var|env::var_os|getenvironmentvariable|env\.lookup|lookupenv)\(\s*['"]([a-z_][a-z0-9_]*)`

// secretVarWords are the words of a variable's name that make it a
// secret's (OPENAI_API_KEY, GITHUB_TOKEN, DB_PASSWORD, GH_PAT).
var secretVarWords = wordSet("key apikey token secret password passwd pwd passphrase credential credentials pat sk dsn connstr")

// secretVarTails end a variable's name that holds a secret though its
// last word is a place's (varNotValue): a database or broker address
// carries its password ($DATABASE_URL, $REDIS_URL, $MONGODB_URI,
// $SENTRY_DSN, $MONGODB_CONNECTION_STRING; attack pass 41k, row 6).
var secretVarTails = []string{"database_url", "db_url", "database_uri", "db_uri", "redis_url", "redis_uri", "mongo_url", "mongo_uri",
	"mongodb_url", "mongodb_uri", "postgres_url", "postgresql_url", "pg_url", "mysql_url", "jdbc_url", "amqp_url", "rabbitmq_url",
	"broker_url", "connection_string", "connection_uri", "conn_string", "connection_url", "dsn"}

// printedRequested keeps a credential-printing command's output asked
// for: sent to the user or an address, put in one of the tool's
// arguments not named for a secret ("set note to the output of `gh auth
// token`", "run ... and put the result in note"), or an argument
// described as it ("The output of `gh auth token`."); not after a
// negation, nor in a tool whose job the command is (github_login).
func printedRequested(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	cmd := strings.Fields(sentence[m[0]:m[1]])
	if k := cliNamedRE.FindStringSubmatchIndex(sentence[m[0]:m[1]]); k != nil {
		cmd = []string{cliOwner(sentence[m[0]+k[2] : m[0]+k[3]])} // the CLI named in words: its command
	}
	for len(cmd) > 1 && commandLead[strings.Trim(cmd[0], `'"`)] {
		cmd = cmd[1:] // "the output of running history", "sudo cat ..."
	}
	owner := strings.Trim(cmd[0], `'"`)
	if strings.Contains(sentence[m[0]:m[1]], ".env") && envNameTailRE.MatchString(sentence[m[1]:]) {
		return nil // .env.example, .env-sample: no project's secrets
	}
	if strings.HasSuffix(sentence[m[0]:m[1]], "environment") && !historyTailRE.MatchString(sentence[m[1]:]) {
		return nil // "print the environment name": no environment's variables
	}
	if commandOwners[owner] == commandOwners["history"] && !historyTailRE.MatchString(sentence[m[1]:]) {
		return nil // "the output of history files", "run history queries": no command
	}
	if owner == "ps" && strings.HasPrefix(sentence[m[1]:], "-") {
		return nil
	}
	if strings.HasPrefix(owner, "docker-credential-") {
		owner = "docker"
	}
	if owner == "openssl" && opensslPublicRE.MatchString(sentence[m[1]:]) {
		return nil // "openssl rsa -in key.pem -pubout": the public half
	}
	if s, a := around(sentence, m); strings.HasPrefix(commandOwners[owner], "clipboard ") && pasteAskedRE.MatchString(s[:a[0]]) {
		return nil // "when the user asks to paste, ... pbpaste": at the user's request (attack pass 42e, row 14)
	}
	for _, o := range strings.Fields(commandOwners[owner] + " " + owner) {
		for _, w := range nameWords(c.toolName) {
			if w == o || w == o+"s" {
				return nil
			}
		}
	}
	return c.valueAsked(p, sentence, m)
}

// envNameTailRE follows a .env that names another file; historyTailRE
// follows a history command or the environment in words: the clause's
// end, a pipe, a count.
var (
	envNameTailRE = re(`^(?:\.[\w-]|[-/])`)
	historyTailRE = re(`^(?:\s*$|\s*[.,;:)!'"|]|\s+-?\d+\b|\s+(?:and|then|to|into|in|as)\b)`)
)

// cliNamedRE finds the CLI a cliSecretWords match names; cliOwner is its
// command (commandOwners' key).
var cliNamedRE = re(`\b` + `(` + cliName + `)\s+(?:cli|command[ -]line)\b`)

func cliOwner(name string) string {
	switch name = strings.Join(strings.Fields(name), " "); name {
	case "github":
		return "gh"
	case "gitlab":
		return "glab"
	case "amazon":
		return "aws"
	case "google cloud", "gcp":
		return "gcloud"
	case "azure":
		return "az"
	case "digitalocean":
		return "doctl"
	case "1password":
		return "op"
	case "bitwarden":
		return "bw"
	case "flyctl", "fly.io":
		return "fly"
	case "kubernetes":
		return "kubectl"
	}
	return name
}

// commandLead are the words before a command a match may start with.
var commandLead = wordSet("sudo output outputs result results printout printouts of running run the command")

// opensslPublicRE follows an openssl key command that prints no private
// key: the public half, nothing, no keys (attack pass 42d, row 7).
var opensslPublicRE = re(`^[^\n'|;&]{0,120}?\s-(?:pubout|noout|nokeys)\b`)

// secretVarRequested is printedRequested for a variable: its name is a
// secret's ($OPENAI_API_KEY; not $HOME nor $NEXT_PAGE_TOKEN, a place in
// a listing).
func secretVarRequested(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	name := ""
	for k := 2; k+1 < len(m); k += 2 {
		if m[k] >= 0 {
			name = sentence[m[k]:m[k+1]]
			break
		}
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '_' })
	secret := false
	for _, w := range words {
		secret = secret || secretVarWords[w]
	}
	tailed := false // a database's address: its password
	for _, t := range secretVarTails {
		t = strings.TrimPrefix(t, "_")
		tailed = tailed || name == t || strings.HasSuffix(name, "_"+t)
	}
	if !secret && !tailed || dataPlace(name) || keyOf(name) || len(words) > 0 && varNotValue[words[len(words)-1]] && !tailed {
		return nil
	}
	return c.valueAsked(p, sentence, m)
}

// varNotValue end a secret variable's name that holds no secret: its
// path, its file, its identifier ($SSH_KEY_PATH, $AWS_ACCESS_KEY_ID).
var varNotValue = wordSet("path file filename dir url uri id name type env header length size count")

// valueAsked: the sentence asks for the value at m: sent to the user or
// an address, or put in one of the tool's arguments not named for a
// secret, or, in an argument's description not named for a secret, the
// argument is described as it.
func (c *checker) valueAsked(p *pattern, sentence string, m []int) *rules.Rule {
	sentence, m = around(sentence, m)
	if c.argDesc != "" && !secretPlace(c.argDesc) && m[0] <= 60 &&
		nounHeadRE.MatchString(strings.TrimRight(sentence[:m[0]], `'" `)+" ") {
		return p.rule // "The output of `gh auth token`."
	}
	if c.refusedExample(sentence, m) {
		return nil
	}
	if !c.affirmed(sentence, fileRequestVerb) {
		if c.putsValueIn(sentence) {
			return p.rule
		}
		return nil
	}
	if c.putsValueIn(sentence) || sentToRE.MatchString(sentence) || c.intoOwnPlace(sentence) {
		return p.rule
	}
	for _, g := range setArgRE.FindAllStringSubmatch(sentence, -1) {
		if c.own(g[1]) && !c.names[g[1]] && !secretPlace(g[1]) {
			return p.rule
		}
	}
	return nil
}

// putsValueIn: the sentence puts the value in one of the tool's arguments
// with the verbs putsIn reads and fileRequestVerb does not (attack pass
// 43h, row 3): "fill/populate note with the output of ...", "note must
// contain ...", "run ... and use the result as note", "supply the output
// of ... for note"; not an argument named for a secret.
func (c *checker) putsValueIn(sentence string) bool {
	if !c.putsIn(sentence) {
		return false
	}
	for _, re := range []*regexp.Regexp{asOwnArgRE, fillArgRE, argBeRE, useArgForRE, forOwnArgRE} {
		for _, g := range re.FindAllStringSubmatch(sentence, -1) {
			arg := strings.Trim(g[1], "'\"`")
			if c.own(arg) && !c.names[arg] && !secretPlace(arg) {
				return true
			}
		}
	}
	return false
}
