module example.com/broken

go 1.21

require (
	github.com/ok/one v1.0.0
	github.com/bad/two
)

bogus directive here

replace example.com/x => ./x
