package tooltext

import "strings"

// The places of the user's secret among the tool's own arguments, as a
// sentence names them (attack pass 46g): the readings that put the
// user's secret in an argument (argIsSecret, fillsOwnArg, askedInto,
// otherCallCarries) excuse an argument that is its place.

// placeFor: arg, an argument as the sentence names it (lower-cased), is
// a place for the secret named secret: named for one (secretPlace), as
// the schema spells it too ("privateKey", "clientSecret" read as
// "privatekey"; row 1); a connection string's own argument
// (connection_string, database_url, uri, dsn) of a database's tool when
// the secret is a connection string (row 2); the value argument of a
// tool whose name says it stores secrets (set_env, set_secret; row 3).
func (c *checker) placeFor(arg, secret string) bool {
	if secretPlace(arg) {
		return true
	}
	if !c.isArg(arg) && !c.isArg(strings.ReplaceAll(arg, "-", "_")) {
		return false
	}
	if c.secretSpelled(arg) {
		return true
	}
	if connSecretRE.MatchString(secret) && connPlace(arg) && c.databaseTool() {
		return true
	}
	return valuePlace(arg) && storesSecrets(c.toolName) && !c.sceneEnvironment()
}

// sceneEnvironment: the description's first sentence gives the
// environment a scene's or a game's sense: it names a scene's word
// (sceneWords: "the lighting environment of the 3D scene", "the game's
// environment (forest, desert)") and its env or environment is never a
// store's (no variable, value or secret after it). set_env's value is
// then no secret's place (attack pass 47e row 24).
func (c *checker) sceneEnvironment() bool {
	words := nameWords(openingSentence(strings.ToLower(c.toolDesc)))
	env, scene := false, false
	for i, w := range words {
		scene = scene || sceneWords[w]
		if w != "env" && w != "environment" && w != "environments" {
			continue
		}
		if i+1 < len(words) && (storeWords[words[i+1]] || storedThingWords[words[i+1]]) {
			return false // "environment variables", "env value"
		}
		env = true
	}
	return env && scene
}

// sceneWords name a 3D scene or a game, whose environment is its
// setting.
var sceneWords = wordSet("scene scenes lighting game games level levels skybox hdri render rendering unity unreal blender")

// secretSpelled: one of the tool's arguments whose lower-cased name is
// arg is, as the schema spells it, a place for a secret ("privateKey":
// private, key).
func (c *checker) secretSpelled(arg string) bool {
	if c.secretArgs == nil {
		c.secretArgs = map[string]bool{}
		eachArg(c.input, func(k string) {
			if secretPlace(k) {
				c.secretArgs[strings.ToLower(k)] = true
			}
		})
	}
	return c.secretArgs[arg] || c.secretArgs[strings.ReplaceAll(arg, "-", "_")]
}

// connSecretRE: the secret is a database's address (weakThing's
// connection strings and database URLs).
var connSecretRE = re(`connection|\bconn_?str|_ur[il]\b|\bdsn\b`)

// connPlace: an argument named for a connection string: dsn, connstr,
// uri, connection_string (connection or conn with string, uri or url),
// database_url (a database's word with url or uri).
func connPlace(arg string) bool {
	words := nameWords(arg)
	var conn, addr, db bool
	for _, w := range words {
		switch {
		case w == "dsn" || w == "connstr" || w == "connectionstring":
			return true
		case w == "connection" || w == "conn":
			conn = true
		case w == "string" || w == "str" || w == "uri" || w == "url":
			addr = true
		case databaseWords[w] || databaseWordsNear[w] != nil: // an argument pg_url, broker_url
			db = true
		}
	}
	return addr && (conn || db) || len(words) == 1 && words[0] == "uri"
}

// databaseTool: the tool's name names a database (postgres_query,
// mongodb_connect), or the description's first sentence does ("Connects
// to Postgres.") when it is not the sentence read (the sentence that
// asks for the connection string names a database itself). Connect,
// connection and query name none: "Connects you with our support team."
// made contact_support's dsn a place (attack pass 46h row 3).
func (c *checker) databaseTool() bool {
	if c.readsNoDatabase() {
		return false
	}
	if databaseIn(c.toolName) {
		return true
	}
	if c.argDesc != "" {
		return databaseIn(openingSentence(strings.ToLower(c.toolDesc)))
	}
	first := openingSentence(c.folded)
	return c.sentStart > len(first) && databaseIn(first)
}

// openingSentence: s up to its first full stop or line end, if that
// comes within 200 bytes.
func openingSentence(s string) string {
	if end := strings.IndexAny(s[:min(len(s), 200)], ".\n"); end >= 0 {
		return s[:end]
	}
	return ""
}

// databaseIn: s has a database's word (databaseWords), or an ambiguous
// one (databaseWordsNear: pg, broker) beside a word that makes it a
// database's: pg next to query, sql, db, database, table, dump ...
// (pg_query, "the pg database"), broker next to message, kafka, mqtt,
// queue, topic, publish ... ("a message broker", broker_publish). A
// mortgage broker (contact_broker) and a PG-13 film (list_pg_movies)
// name no database (attack pass 47c row 3).
func databaseIn(s string) bool {
	words := nameWords(s)
	for i := range words {
		if databaseAt(words, i) {
			return true
		}
	}
	return false
}

// databaseAt: words[i] names a database (databaseIn's reading).
func databaseAt(words []string, i int) bool {
	w := words[i]
	if databaseWords[w] {
		return true
	}
	near := databaseWordsNear[w]
	return near != nil && (i > 0 && near[words[i-1]] || i+1 < len(words) && near[words[i+1]])
}

// readsNoDatabase: the tool's first sentence names a database, and every
// database word of it and of the tool's name stands beside a text's
// noun or a catalogue's (dbReadWords: "Formats SQL text.", "Looks up
// Redis documentation.", "Searches the movie database."; sql_format,
// redis_docs, search_movies_db), with no verb of running or connecting
// in that sentence (dbRunWords): the tool reads or formats what is about
// a database and connects to none (attack pass 47e row 25).
func (c *checker) readsNoDatabase() bool {
	first := nameWords(openingSentence(strings.ToLower(c.toolDesc)))
	named := false
	for k, words := range [][]string{first, nameWords(c.toolName)} {
		for i, w := range words {
			if dbRunWords[w] {
				return false
			}
			if !databaseAt(words, i) {
				continue
			}
			if read := i > 0 && dbReadWords[words[i-1]] || i+1 < len(words) && dbReadWords[words[i+1]]; !read {
				return false
			}
			named = named || k == 0
		}
	}
	return named
}

var (
	// dbReadWords: a text's or a documentation's nouns and a media
	// catalogue's, beside a database word that names what the tool
	// reads; dbRunWords: a first sentence's verbs of running or
	// connecting (readsNoDatabase).
	dbReadWords = wordSet("text texts doc docs documentation syntax format formats formatter formatting lint linter linting tutorial tutorials guide guides reference manual cheatsheet snippet snippets" +
		" movie movies film films tv show shows book books music song songs recipe recipes anime game games")
	dbRunWords        = wordSet("run runs execute executes exec connect connects query queries apply applies migrate migrates")
	databaseWords     = wordSet("database databases db postgres postgresql mysql mariadb mongo mongodb redis sqlite sql mssql jdbc amqp rabbitmq clickhouse cassandra neon supabase snowflake")
	databaseWordsNear = map[string]map[string]bool{
		"pg":     wordSet("query queries sql db database databases table tables schema schemas dump restore connect connection connections exec execute explain index indexes vacuum migrate migration select insert row rows column columns server cluster instance pool backup"),
		"broker": wordSet("message messages messaging mqtt kafka amqp rabbitmq activemq nats event events queue queues topic topics publish subscribe pubsub stream streams streaming"),
	}
)

// valuePlace: an argument named for a stored value (value, secret_value,
// env_value).
func valuePlace(arg string) bool {
	value := false
	for _, w := range nameWords(arg) {
		switch {
		case w == "value" || w == "val":
			value = true
		case !storeWords[w]:
			return false
		}
	}
	return value
}

// storesSecrets: the tool's name says it stores secrets: a verb of
// putting (set, create, store, save, put, write, add, update ...) whose
// object is a secret's store: the store words (storeWords) the object
// ends in, with its trailing value, entry or item, hold a secret store's
// word (secretStoreWords: secret, vault, env, environment, envvar,
// credential, keychain, keystore, keyring). The object is the words
// after the last verb, or those before it when it ends the name
// (secret_set): set_secret, create_env_var, put_vault_secret,
// store_in_keychain, set_repo_secret. A variable alone is no secret's
// store (set_variable: attack pass 46h row 2), nor a store word in
// another sense, not the object's head (create_secret_santa,
// update_environment_report: attack pass 47c row 2).
func storesSecrets(tool string) bool {
	words := nameWords(tool)
	verb := -1
	for i, w := range words {
		if storeVerbs[w] {
			verb = i
		}
	}
	if verb < 0 {
		return false
	}
	object := words[verb+1:]
	if len(object) == 0 {
		object = words[:verb]
	}
	for len(object) > 0 && storedThingWords[object[len(object)-1]] {
		object = object[:len(object)-1]
	}
	for i := len(object) - 1; i >= 0 && storeWords[object[i]]; i-- {
		if secretStoreWords[object[i]] {
			return true
		}
	}
	return false
}

// storeWords are a stored value's places: a secret's store
// (secretStoreWords) or a variable, which alone holds no secret.
var storeWords = union(secretStoreWords, wordSet("variable variables var vars"))

var (
	secretStoreWords = wordSet("secret secrets vault vaults env environment envvar envvars credential credentials keychain keystore keyring")
	storedThingWords = wordSet("value values val entry entries item items")
	storeVerbs       = wordSet("set sets create creates store stores save saves put puts write writes add adds update updates upsert insert new")
)

// selfNamed: name, a tool called in the sentence, is the tool read.
func (c *checker) selfNamed(name string) bool {
	own := strings.ToLower(c.toolName)
	return own != "" && (name == own || strings.ReplaceAll(name, "-", "_") == strings.ReplaceAll(own, "-", "_"))
}

// loginSecret: the secret at sentence[a:b], with the words of its noun
// phrase, is a login's own in words that name no service
// (loginSecretWords: credentials, password, login, username and
// password): the words between its owner and it ("the user's login
// credentials"), those before the owner ("the current user's"), and
// the qualifier after it, sentence[b:b+q] ("of their account"). The
// user's GitHub token, AWS secret access key or GitHub credentials are
// another service's (attack pass 46h row 4), and so are the GitHub
// user's password, the password of their GitHub account and the
// password from the .env file (attack pass 47c row 4). A qualifier
// naming where the login's own secret is entered or held here
// (loginSourceWords: the login form, the prompt, the previous step, their
// account on this server) is no other place (attack pass 47d row 8).
// Reads at most 80 bytes before the secret.
//
// Attack pass 47e: the service the tool itself logs into, a word of its
// name or of its description's first sentence (ownService: jira_login's
// "the user's Jira username and password", "Logs in to the Acme
// dashboard."), is the login's own, not another service (row 19); a
// qualifier's "email" or "address" names another account ("the user's
// password for their email account", row 16). A list's next member may
// have its own article ("the user's email and the password"). A
// machine's name before the secret ("the user's computer login") is the
// login's own when the tool logs into a machine too (deviceKinds:
// rdp_connect; attack pass 47e row 17).
func (c *checker) loginSecret(sentence string, a, b, q int) bool {
	words := nameWords(sentence[a:b])
	if g := ownerQualRE.FindStringSubmatch(sentence[max(0, a-80):a]); g != nil {
		between := nameWords(g[2])
		for i, w := range between {
			if i > 0 && (between[i-1] == "and" || between[i-1] == "or") && (w == "the" || possessiveWords[w]) {
				continue // a list's next member with its own article: "the user's email and the password" (attack pass 48c row 32)
			}
			words = append(words, w)
		}
		for _, w := range nameWords(g[1]) {
			if !loginOwnerWords[w] {
				return false
			}
		}
	}
	for _, w := range nameWords(sentence[b : b+q]) {
		if !loginOwnerWords[w] && (!loginSecretWords[w] || otherAccountWords[w]) && !loginSourceWords[w] && !c.ownService(w) && !c.ownServiceKind(w) {
			return false
		}
	}
	for _, w := range words {
		if !loginSecretWords[w] && !c.ownService(w) && (!deviceKinds[w] || !c.ownServiceKind(w)) {
			return false
		}
	}
	return len(words) > 0
}

// ownService: w names the service the tool logs into, a word of the
// tool's name or of its description's first sentence that is no
// login's, owner's or filler word (loginSecretWords, loginOwnerWords,
// serviceFillerWords).
func (c *checker) ownService(w string) bool {
	if loginSecretWords[w] || loginOwnerWords[w] || serviceFillerWords[w] {
		return false
	}
	for _, n := range nameWords(c.toolName) {
		if n == w {
			return true
		}
	}
	desc := strings.ToLower(c.toolDesc[:min(len(c.toolDesc), 200)])
	for _, n := range nameWords(openingSentence(desc)) {
		if n == w {
			return true
		}
	}
	return false
}

// serviceKinds are words that name one kind of account: a qualifier's
// word of a kind the tool's name or its description's first sentence
// also names is the login's own account, not another's (attack pass 48c,
// row 32: vpn_connect, "Connects to the corporate VPN.", given "the
// user's login credentials for their work account", and outlook_login
// "the password for their email", were T040).
var serviceKinds = []map[string]bool{
	wordSet("work corporate company enterprise office employer vpn ldap directory sso okta intranet"),
	wordSet("email mail outlook gmail imap smtp exchange inbox mailbox"),
	deviceKinds,
}

// deviceKinds are a machine's names (deviceNames) and its remote
// desktops': an RDP client takes "the user's computer login" as its own
// (attack pass 47e row 17).
var deviceKinds = wordSet(strings.ReplaceAll(deviceNames, "|", " ") + " rdp vnc")

// ownServiceKind: w is of a kind of account (serviceKinds) the tool's
// name or its description's first sentence names too.
func (c *checker) ownServiceKind(w string) bool {
	for _, kind := range serviceKinds {
		if !kind[w] {
			continue
		}
		desc := strings.ToLower(c.toolDesc[:min(len(c.toolDesc), 200)])
		for _, n := range append(nameWords(c.toolName), nameWords(openingSentence(desc))...) {
			if kind[n] {
				return true
			}
		}
	}
	return false
}

// secretTarget: the argument the secret before rest goes in ("as
// username"), right after it or after a qualifier of the secret ("of
// their GitHub account as username", "from the .env file as body"), as
// targetArgRE's match of rest shifted past the qualifier, whose end is q.
// The qualifier may say where the secret is kept ("stored in ~/.netrc",
// "saved in their browser") and name a path ("from ~/.netrc"): those
// words are no login's own (attack pass 47d row 6).
//
// "For" before a possessive is a qualifier, not the target ("for their
// bank as username": attack pass 47e row 16).
func secretTarget(rest string) (q int, t []int) {
	if t = targetArgRE.FindStringSubmatchIndex(rest); t != nil && !possessiveWords[rest[t[2]:t[3]]] {
		return 0, t
	}
	g := secretQualRE.FindStringSubmatchIndex(rest)
	if g == nil {
		return 0, nil
	}
	q = g[3]
	if t = targetArgRE.FindStringSubmatchIndex(rest[q:]); t == nil {
		return 0, nil
	}
	for i := range t {
		if t[i] >= 0 {
			t[i] += q
		}
	}
	return q, t
}

// ownCredentialList: the list of arguments the secret goes in, first
// and those rest goes on with ("as username and password", "as user,
// password and otp"), is the tool's own: every member its argument, one a
// place for the secret, the others naming who logs in (username,
// email) or its one-time code (otp). A place must be a login's
// (loginPlaceWords: password, passphrase, pin ...; github_token and
// aws_secret_access_key name another service's: attack pass 46h row 4).
// "Call login with the user's password as note and password." stays the
// putting.
func (c *checker) ownCredentialList(rest, first, secret string) bool {
	members := []string{first}
	for len(members) < 8 {
		g := listMoreRE.FindStringSubmatchIndex(rest)
		if g == nil {
			break
		}
		members = append(members, strings.Trim(rest[g[2]:g[3]], "'\"`"))
		rest = rest[g[1]:]
	}
	place := false
	for _, m := range members {
		if !c.isArg(m) && !c.isArg(strings.ReplaceAll(m, "-", "_")) {
			return false
		}
		words := nameWords(m)
		if c.placeFor(m, secret) {
			for _, w := range words {
				if !loginPlaceWords[w] && !identityWords[w] {
					return false
				}
			}
			place = true
			continue
		}
		for _, w := range words {
			if !identityWords[w] {
				return false
			}
		}
	}
	return place
}

var (
	listMoreRE    = re(`^\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)(?:the\s+)?(['"` + "`" + `]?[a-z][\w-]*['"` + "`" + `]?)`)
	identityWords = wordSet("user username usernames name login email mail address account id userid handle otp totp mfa")
	// a login's own secrets, in what the sentence names and in the
	// argument that takes them
	loginSecretWords = wordSet("credential credentials password passwords passphrase passcode pin login logins signin sign in details username usernames email address and or")
	// otherAccountWords, in a secret's qualifier, name another account
	// ("for their email account"; attack pass 47e row 16).
	otherAccountWords = wordSet("email address")
	// serviceFillerWords are a first sentence's words that name no
	// service ("Logs in to the dashboard.").
	serviceFillerWords = wordSet("a an the to into in of on at with via using by log logs sign signs signed authenticate authenticates authenticated against server servers service account accounts dashboard app user users session sessions connect connects")
	loginPlaceWords    = wordSet("password passwords passwd pwd pass passphrase passcode pin credential credentials login")
	ownerQualRE        = re(`(?:\bthe\s+((?:[\w-]+\s+){0,2}))?\b(?:user'?s?|users'|your|their|my)\s+((?:[\w-]+\s+){0,3})$`)
	// loginOwnerWords: the words before the owner and in the secret's
	// qualifier that name no service ("the current user's", "of their
	// account").
	loginOwnerWords = wordSet("the current same end signed logged in authenticated own of for from on at their his her your my its this that user users account accounts profile")
	// loginSourceWords: in the secret's qualifier, where a login's own
	// secret is typed or held here ("from the login form", "from the
	// prompt", "from the previous step", "on this server").
	loginSourceWords = wordSet("form forms prompt prompts previous earlier prior preceding last step steps input inputs dialog page screen field fields server site website app application service here")
	// userSourceRE: the user's thing read from the secret after it ("the
	// user's login details from the .env file"; attack pass 47c row 4),
	// fileWordRE the file's word after the secret file's name.
	secretSourceAfter = `(?:(?:from|in|of|inside)\s+(?:the\s+|their\s+|your\s+|its\s+)?)?`
	userSourceRE      = re(`\b(?:the\s+user'?s?|your|their|my)\s+(?:[\w-]+\s+){0,3}(?:from|in|of|inside)\s+(?:the\s+|their\s+|your\s+|its\s+)?$`)
	fileWordRE        = re(`^\s+files?\b`)
	possessiveWords   = wordSet("their your my his her its")
	secretQualRE      = re(`^(\s+(?:(?:stored|saved|kept|held|cached|remembered|found|written|listed|located)\s+)?(?:of|from|on|at|in|inside|within|for\s+(?:their|your|my|his|her|its))\s+(?:(?:[^\s.;,:]|\.[^\s.;,:])+\s+){0,5}?)(?:as|in|into|for)\s`)
)

// ownLoginPassed: the user's secret at sentence[a:b] is a login's own
// (loginSecret) and goes, right after it, in the tool's own credential
// list (ownCredentialList: "as username and password"), by any verb of
// passing ("Pass ...", "Provide ...", "Call login with ..."), and the
// sentence names no address nor a call of another tool (attack pass 47e
// row 18: only "Call TOOL with" was excused).
func (c *checker) ownLoginPassed(sentence string, a, b int) bool {
	q, t := secretTarget(sentence[b:])
	if t == nil || anyAddressRE.MatchString(sentence) {
		return false
	}
	for _, m := range callToolRE.FindAllStringSubmatchIndex(sentence[:a], -1) {
		if name := sentence[m[2]:m[3]]; !c.selfNamed(name) && (c.names[name] || strings.ContainsAny(name, "_-")) {
			return false // "Call send_email with the user's credentials as ...": another tool's call
		}
	}
	first := strings.Trim(sentence[b+t[2]:b+t[3]], "'\"`")
	return c.loginSecret(sentence, a, b, q) && c.ownCredentialList(sentence[b+t[1]:], first, sentence[a:b])
}
