// Package alpha imports beta, which imports alpha back.
package alpha

import (
	"fmt"

	"example.com/goloop/internal/beta"
)

// Alpha calls beta.
func Alpha() { fmt.Println(beta.Beta) }
