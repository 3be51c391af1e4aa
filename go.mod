module github.com/grundy/grundy

go 1.26.8
