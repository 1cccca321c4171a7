package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// gameMembers is a stored game's object as exported, its members by key.
func gameMembers(t *testing.T, file []byte) map[string]json.RawMessage {
	t.Helper()
	var f struct {
		Payload struct {
			Games []map[string]json.RawMessage `json:"games"`
		} `json:"payload"`
	}
	if err := json.Unmarshal(file, &f); err != nil || len(f.Payload.Games) != 1 {
		t.Fatalf("%v, %d games", err, len(f.Payload.Games))
	}
	return f.Payload.Games[0]
}

// object writes members in the order given: key, then its value.
func object(m map[string]json.RawMessage, keys ...string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%q:%s", k, m[k])
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// Each thing wrong with a game of a streamed file says what it is, in the
// words it always had, and nothing is written; the same game in any key
// order imports.
func TestStreamedImportEachGameProblem(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, _ := playedGame(t, s, "G", 6)
	g := gameMembers(t, exported(t, s, id))
	uid := strings.Trim(string(g["uid"]), `"`)
	g["quest_source"] = json.RawMessage(`"cellar.toml"`)
	for _, c := range []struct {
		name, games string
		says        string // "" when the file imports, "nothing" when it imports nothing
	}{
		{"as exported", "[" + object(g, "created_at", "events", "module", "name", "setup", "uid") + "]", ""},
		{"uid and setup first", "[" + object(g, "uid", "setup", "name", "events", "created_at") + "]", ""},
		{"records before the uid", "[" + object(g, "events", "uid", "setup", "name", "created_at") + "]", ""},
		{"no records", "[" + object(g, "uid", "setup", "name", "created_at") + "]", ""},
		{"null games", "null", "nothing"},
		{"no games", "[]", "nothing"},
		{"games not an array", `{"a":1}`, "import: the export file is damaged: payload: json: cannot unmarshal { into games"},
		{"a null game", "[null]", "import: the export file is damaged: game 1: no uid"},
		{"a game not an object", "[3]", "import: the export file is damaged: payload: json: cannot unmarshal 3 into a game"},
		{"records twice", `[{"uid":"a","events":[],"events":[]}]`, `import: the export file is damaged: game 1: "events" appears twice`},
		{"records not an array", `[{"uid":"a","events":7}]`, "import: the export file is damaged: payload: json: cannot unmarshal 7 into events"},
		{"an unknown key", `[{"uid":"a","colour":"red"}]`, `import: the export file is damaged: payload: json: unknown field "colour"`},
		{"a key of the wrong type", `[{"name":"x","uid":5}]`, `import: the export file is damaged: payload: game 1: "uid": json: cannot unmarshal number into Go value of type string`},
		{"the module after the records", "[" + object(g, "uid", "setup", "events", "module", "name", "created_at") + "]",
			fmt.Sprintf(`import: the export file is damaged: game with uid %q: its "module" comes after its records`, uid)},
		{"the quest after the records", "[" + object(g, "name", "uid", "setup", "events", "quest_source", "created_at") + "]",
			`import: the export file is damaged: game "G": its "quest_source" comes after its records`},
		{"the name after the records", "[" + object(g, "uid", "module", "setup", "events", "name", "created_at") + "]", ""},
		{"the second game null", "[" + object(g, "uid", "setup", "events", "name", "created_at") + ",null]", "import: the export file is damaged: game 2: no uid"},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := craftRaw(t, ExportFormat, ExportVersion, []byte(`{"games":`+c.games+`}`))
			into := openStore(t, dbPath(t))
			before := dump(t, into)
			_, err := into.Import(bytes.NewReader(file), ImportAsCopy)
			switch {
			case c.says == "nothing" && (err != nil || dump(t, into) != before):
				t.Fatalf("Import = %v, or something written", err)
			case c.says == "nothing":
			case c.says == "" && err != nil:
				t.Fatalf("Import = %v", err)
			case c.says == "" && dump(t, into) == before:
				t.Fatal("nothing imported")
			case c.says != "" && (err == nil || err.Error() != c.says):
				t.Fatalf("Import = %v\nwant %s", err, c.says)
			case c.says != "" && dump(t, into) != before:
				t.Fatal("a refused import wrote something")
			}
		})
	}
}

// Only a file of this format, a version this build reads and a checksum,
// all before the payload, is streamed; anything else is read whole.
func TestReadHeader(t *testing.T) {
	v := ExportVersion
	for _, c := range []struct {
		name, head string
		sum        string
		ok         bool
	}{
		{"exported", fmt.Sprintf(`{"format":%q,"version":%d,"exported_at":"x","checksum":"ab","payload":{`, ExportFormat, v), "ab", true},
		{"version 1", fmt.Sprintf(`{"checksum":"ab","version":1,"format":%q,"payload":{`, ExportFormat), "ab", true},
		{"an unknown key is skipped", fmt.Sprintf(`{"format":%q,"note":[1,{"a":2}],"version":%d,"checksum":"ab","payload":{`, ExportFormat, v), "ab", true},
		{"the last value counts", fmt.Sprintf(`{"format":%q,"version":%d,"checksum":"ab","checksum":"cd","payload":{`, ExportFormat, v), "cd", true},
		{"not an object", `[1]`, "", false},
		{"empty", ``, "", false},
		{"no payload", fmt.Sprintf(`{"format":%q,"version":%d,"checksum":"ab"}`, ExportFormat, v), "", false},
		{"payload not an object", fmt.Sprintf(`{"format":%q,"version":%d,"checksum":"ab","payload":[`, ExportFormat, v), "", false},
		{"payload first", fmt.Sprintf(`{"payload":{},"format":%q,"version":%d,"checksum":"ab"}`, ExportFormat, v), "", false},
		{"another format", fmt.Sprintf(`{"format":"other","version":%d,"checksum":"ab","payload":{`, v), "", false},
		{"version 0", fmt.Sprintf(`{"format":%q,"version":0,"checksum":"ab","payload":{`, ExportFormat), "", false},
		{"a newer version", fmt.Sprintf(`{"format":%q,"version":%d,"checksum":"ab","payload":{`, ExportFormat, v+1), "", false},
		{"no version", fmt.Sprintf(`{"format":%q,"checksum":"ab","payload":{`, ExportFormat), "", false},
		{"no checksum", fmt.Sprintf(`{"format":%q,"version":%d,"payload":{`, ExportFormat, v), "", false},
		{"format not a string", fmt.Sprintf(`{"format":1,"version":%d,"checksum":"ab","payload":{`, v), "", false},
		{"version not a number", fmt.Sprintf(`{"format":%q,"version":"1","checksum":"ab","payload":{`, ExportFormat), "", false},
		{"checksum not a string", fmt.Sprintf(`{"format":%q,"version":%d,"checksum":1,"payload":{`, ExportFormat, v), "", false},
		{"exported_at not a string", fmt.Sprintf(`{"format":%q,"version":%d,"exported_at":1,"checksum":"ab","payload":{`, ExportFormat, v), "", false},
		{"a key in other case", fmt.Sprintf(`{"format":%q,"version":%d,"Checksum":"ab","checksum":"ab","payload":{`, ExportFormat, v), "", false},
		{"payload in other case", fmt.Sprintf(`{"format":%q,"version":%d,"checksum":"ab","PAYLOAD":{}}`, ExportFormat, v), "", false},
		{"a value cut short", fmt.Sprintf(`{"format":%q,"version":%d,"checksum":"ab`, ExportFormat, v), "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			sum, ok := readHeader(json.NewDecoder(strings.NewReader(c.head)))
			if sum != c.sum || ok != c.ok {
				t.Errorf("readHeader = %q, %v; want %q, %v", sum, ok, c.sum, c.ok)
			}
		})
	}
}
