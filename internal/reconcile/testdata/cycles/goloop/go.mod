module example.com/goloop

go 1.22
