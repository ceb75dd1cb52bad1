package notebook

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/alloctest"
)

// zeros reads as an endless run of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReadFileTooLarge checks that a notebook file over MaxFileSize is
// refused by its size, before it is read: a 3 GB file of zeros took 3.2
// GB of memory and, under a memory limit, killed the process.
func TestReadFileTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zeros.ipynb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: 3 GB long, no disk.
	if err := f.Truncate(3 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	grown := alloctest.Allocated(func() { _, err = ReadFile(path) })
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadFile(3 GB) = %v, want ErrTooLarge", err)
	}
	for _, want := range []string{"notebook " + path + ": ", "3221225472 bytes", "at most 104857600 (100 MB)"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if grown > 1<<20 {
		t.Errorf("refusing a 3 GB file allocated %d bytes", grown)
	}
}

// TestReadTooLarge checks that a reader is read no further than
// MaxFileSize and a byte.
func TestReadTooLarge(t *testing.T) {
	r := io.LimitReader(zeros{}, 3<<30)
	_, err := Read(r)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Read(3 GB) = %v, want ErrTooLarge", err)
	}
	left, _ := io.Copy(io.Discard, r)
	if read := 3<<30 - left; read > MaxFileSize+1 {
		t.Errorf("Read took %d bytes of the reader, more than MaxFileSize+1", read)
	}
}

// TestReadFileSmall checks that a small file still reads in a buffer of
// its own size.
func TestReadFileSmall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.ipynb")
	if err := os.WriteFile(path, []byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path); err != nil {
		t.Fatal(err)
	}
}
