package main

import (
	"fmt"

	"example.com/lk/internal/store"
)

func main() {
	fmt.Println(store.Open("x"))
}
