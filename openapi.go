// Package capreg holds what belongs to the project as a whole: the HTTP
// contract, openapi.yaml, which the API serves and its tests check against.
package capreg

import _ "embed"

// OpenAPI is openapi.yaml, the HTTP contract (OpenAPI 3.1).
//
//go:embed openapi.yaml
var OpenAPI []byte
