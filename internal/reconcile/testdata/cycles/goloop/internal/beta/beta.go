package beta

import "example.com/goloop/internal/alpha"

// Beta refers to alpha.
var Beta = alpha.Alpha
