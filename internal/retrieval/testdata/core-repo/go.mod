module example.com/corerepo

go 1.26
