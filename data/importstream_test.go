package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// reorder writes a payload's members in the order given, as files written
// before campaigns came first (or by another tool) have them.
func reorder(t *testing.T, payload []byte, keys ...string) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString("{")
	for i, k := range keys {
		if i > 0 {
			b.WriteString(",")
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteString(":")
		b.Write(m[k])
	}
	b.WriteString("}")
	return b.Bytes()
}

// rawPayload is a file's payload as written.
func rawPayload(t *testing.T, file []byte) []byte {
	t.Helper()
	var f struct {
		Payload json.RawMessage `json:"payload"`
	}
	if err := json.Unmarshal(file, &f); err != nil {
		t.Fatal(err)
	}
	return f.Payload
}

// The streamed import stores exactly what the import that read the file
// whole stored, whatever the order of the file's keys: campaigns first (as
// written now), games first (as written before), or every object's keys
// sorted by a tool (a game's records before its setup).
func TestStreamedImportSameAsWhole(t *testing.T) {
	src := openStore(t, dbPath(t))
	cid, _ := campaignFixture(t, src)
	file := exportedCampaign(t, src, cid)
	payload := rawPayload(t, file)
	canon, err := canonicalJSON(payload)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(payload, []byte(`{"campaigns":`)) {
		t.Fatalf("the payload does not start with its campaigns: %.40s", payload)
	}
	variants := map[string][]byte{
		"as written":      file,
		"games first":     craftRaw(t, ExportFormat, ExportVersion, reorder(t, payload, "games", "campaigns")),
		"keys sorted":     craftRaw(t, ExportFormat, ExportVersion, canon),
		"byte order mark": append([]byte("\xef\xbb\xbf"), file...),
	}
	whole := func(st *Store, f []byte, mode ImportMode) (ImportResult, error) {
		exp, err := parseExport(f)
		if err != nil {
			return ImportResult{}, err
		}
		return st.importParsed(exp, mode)
	}
	for name, f := range variants {
		t.Run(name, func(t *testing.T) {
			for _, mode := range []ImportMode{ImportRefuseExisting, ImportAsCopy, ImportReplace} {
				var dumps [2]string
				var results [2]ImportResult
				for i, imp := range []func(st *Store, f []byte, mode ImportMode) (ImportResult, error){
					func(st *Store, f []byte, mode ImportMode) (ImportResult, error) {
						return st.Import(bytes.NewReader(f), mode)
					},
					whole,
				} {
					fakeClock(t)
					st := openStore(t, dbPath(t))
					// A store with the file's campaign and games already in it,
					// so that replacing relinks what points at them.
					importOK(t, st, file, ImportRefuseExisting)
					fakeClock(t)
					res, err := imp(st, f, mode)
					if mode == ImportRefuseExisting {
						var exists *ExistsError
						if !errors.As(err, &exists) || len(exists.Names) != 4 || exists.Names[0] != "The Ash King" {
							t.Fatalf("%v: %v, want *ExistsError naming the campaign first", mode, err)
						}
					} else if err != nil {
						t.Fatalf("%v: %v", mode, err)
					}
					dumps[i], results[i] = dump(t, st), res
				}
				if mode != ImportAsCopy && dumps[0] != dumps[1] { // copies get random uids
					t.Errorf("%v: the streamed import stored:\n%s\nthe whole one:\n%s", mode, dumps[0], dumps[1])
				}
				if len(results[0].Games) != len(results[1].Games) || len(results[0].Campaigns) != len(results[1].Campaigns) {
					t.Errorf("%v: results %+v and %+v", mode, results[0], results[1])
				}
			}
		})
	}
}

// A file changed after export is called that even when the change also
// breaks a game; a file cut short in its records is called that; either way
// nothing is written.
func TestStreamedImportRefusals(t *testing.T) {
	s := openStore(t, dbPath(t))
	id, _ := playedGame(t, s, "G", 40)
	file := exported(t, s, id)
	broken := bytes.Replace(file, []byte(`{"type":"reserve_gained","amount":3`), []byte(`{"type":"reserve_spent","amount":999`), 1)
	if bytes.Equal(broken, file) {
		t.Fatal("no reserve_gained to break")
	}
	fixed := craft(t, ExportVersion, payloadOf(t, broken)) // its checksum computed again
	cases := []struct {
		name string
		file []byte
		says string
		as   any
	}{
		{"a record changed: checksum first", broken, "checksum", nil},
		{"a record changed, checksum recomputed", fixed, "rule.reserve", &ReplayError{}},
		{"cut in the records", file[:bytes.Index(file, []byte(`"events":[`))+200], "cut short", nil},
		{"too large", append(file[:len(file)-1], bytes.Repeat([]byte(" "), maxExportSize)...), "too large", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := dump(t, s)
			_, err := s.Import(bytes.NewReader(c.file), ImportAsCopy)
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("Import = %v, want it to say %q", err, c.says)
			}
			if re, ok := c.as.(*ReplayError); ok && !errors.As(err, &re) {
				t.Fatalf("Import = %v, want a *ReplayError", err)
			}
			if dump(t, s) != before {
				t.Fatal("a refused import wrote something")
			}
		})
	}
}
