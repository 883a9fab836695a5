package snapshot

import (
	"fmt"
	"reflect"
	"testing"
)

// fill sets every exported field reachable from v to a non-zero value, so
// that a field the hand-written encoder does not know shows up as a
// difference from encoding/json.
func fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", depth))
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(depth + 1))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0), depth+1)
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		val := reflect.New(v.Type().Elem()).Elem()
		if v.Type().Elem().Kind() == reflect.Interface {
			val.Set(reflect.ValueOf("x"))
		} else {
			fill(val, depth+1)
		}
		m.SetMapIndex(reflect.ValueOf("k"), val)
		v.Set(m)
	}
}

// TestEncoderKnowsEveryField: adding a field to the model without teaching
// the encoder fails here.
func TestEncoderKnowsEveryField(t *testing.T) {
	var s Snapshot
	fill(reflect.ValueOf(&s).Elem(), 0)
	if diff := compareWithJSON(&s); diff != "" {
		t.Fatalf("the encoder and encoding/json disagree on a fully populated snapshot: %s", diff)
	}
}
