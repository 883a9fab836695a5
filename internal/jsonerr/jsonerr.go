// Package jsonerr turns the errors of encoding/json into messages for
// people: the JSON path and the kind of value expected and found, never
// Go's type names (`map[string]interface {}`, "cannot unmarshal array
// into Go value of type snapshot.Snapshot").
package jsonerr

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// Plain returns err as a plain message when it is an error of
// encoding/json (a type mismatch, a syntax error, an unknown field, an
// unexpected end), else err itself. The message names what was expected
// and where; callers prefix the file.
func Plain(err error) error {
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		where := "the top level"
		if te.Field != "" {
			where = fmt.Sprintf("%q", te.Field)
		}
		return fmt.Errorf("%s: expected %s, got %s (byte %d)", where, describe(te.Type), article(te.Value), te.Offset)
	case errors.As(err, &se):
		return fmt.Errorf("not valid JSON at byte %d: %s", se.Offset, se.Error())
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("not valid JSON: it ends too early")
	}
	if msg, ok := strings.CutPrefix(err.Error(), "json: "); ok {
		// unknown field "x", and the like.
		return errors.New(msg)
	}
	return err
}

// describe names the JSON value a Go type accepts: an object, a list, a
// string, a number, true or false.
func describe(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another value"
}

// article names a JSON value kind as encoding/json reports it ("array",
// "object", "string", "number", "number 1.5", "bool").
func article(v string) string {
	switch {
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	case v == "bool":
		return "true or false"
	case v == "string":
		return "a string"
	case strings.HasPrefix(v, "number"):
		if n := strings.TrimSpace(strings.TrimPrefix(v, "number")); n != "" {
			return "the number " + n
		}
		return "a number"
	}
	return v
}
