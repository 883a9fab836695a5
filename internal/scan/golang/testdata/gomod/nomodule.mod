// nothing here
go 1.21
