module example.com/areas

go 1.22
