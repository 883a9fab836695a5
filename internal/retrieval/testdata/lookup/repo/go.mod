module example.com/lk

go 1.22
