module example.com/central

go 1.22
