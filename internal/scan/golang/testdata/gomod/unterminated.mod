module "example.com/never
go 1.21
