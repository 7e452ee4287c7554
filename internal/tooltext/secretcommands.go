// The credentials a command prints, and the secret environment
// variables written with their sigil: put in an argument or sent away,
// they are a secret request (T040) as a secret file's content is
// (attack pass 41e, row 3).

package tooltext

import (
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
	`|\bgit\s+credential\s+fill\b|\bdocker-credential-[\w-]+\s+get\b`

// printedSecretKeys are the words a sentence must hold before
// printedSecret is searched.
var printedSecretKeys = []string{"auth token", "auth status", "print-access-token", "print-identity-token", "versions access", "get-access-token",
	"secret show", "export-credentials", "aws_secret_access_key", "get-session-token", "assume-role", "get-federation-token", "get-login-password",
	"get-authorization-token", "get-secret-value", "-password", "secret-tool", "cmdkey", "op read", "op item", "bw get", "vault ", "kubectl",
	"auth:token", "npm token", "login:ci", "credential fill", "docker-credential-"}

// commandOwners are the words of the tools whose job a command is, by
// the command's first word.
var commandOwners = map[string]string{
	"gh": "gh github", "glab": "glab gitlab", "gcloud": "gcloud gcp google secret secrets", "az": "az azure keyvault",
	"aws": "aws sts ecr codeartifact secretsmanager secret secrets", "security": "keychain security macos", "secret-tool": "keyring secret",
	"cmdkey": "credential credentials windows", "op": "op 1password onepassword", "bw": "bw bitwarden", "vault": "vault secret secrets",
	"kubectl": "kube kubectl kubernetes k8s cluster secret secrets", "heroku": "heroku", "npm": "npm", "doctl": "doctl digitalocean",
	"fly": "fly flyctl", "flyctl": "fly flyctl", "firebase": "firebase", "git": "git credential credentials",
}

// secretVar is an environment variable written with its sigil:
// $NAME, ${NAME}, $env:NAME, %NAME%, process.env.NAME, os.environ["NAME"].
const secretVar = `\$\{?(?:env:)?([a-z_][a-z0-9_]*)|%([a-z_][a-z0-9_]*)%|\bprocess\.env\.([a-z_][a-z0-9_]*)|\bos\.(?:environ\[|getenv\()['"]([a-z_][a-z0-9_]*)`

// secretVarWords are the words of a variable's name that make it a
// secret's (OPENAI_API_KEY, GITHUB_TOKEN, DB_PASSWORD, GH_PAT).
var secretVarWords = wordSet("key apikey token secret password passwd pwd passphrase credential credentials pat")

// printedRequested keeps a credential-printing command's output asked
// for: sent to the user or an address, put in one of the tool's
// arguments not named for a secret ("set note to the output of `gh auth
// token`", "run ... and put the result in note"), or an argument
// described as it ("The output of `gh auth token`."); not after a
// negation, nor in a tool whose job the command is (github_login).
func printedRequested(c *checker, p *pattern, sentence string, m []int) *rules.Rule {
	cmd := strings.Fields(sentence[m[0]:m[1]])
	owner := cmd[0]
	if strings.HasPrefix(owner, "docker-credential-") {
		owner = "docker"
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
	if !secret || dataPlace(name) || keyOf(name) || len(words) > 0 && varNotValue[words[len(words)-1]] {
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
	if !c.affirmed(sentence, fileRequestVerb) {
		return nil
	}
	if sentToRE.MatchString(sentence) || c.intoOwnPlace(sentence) {
		return p.rule
	}
	for _, g := range setArgRE.FindAllStringSubmatch(sentence, -1) {
		if c.own(g[1]) && !c.names[g[1]] && !secretPlace(g[1]) {
			return p.rule
		}
	}
	return nil
}
