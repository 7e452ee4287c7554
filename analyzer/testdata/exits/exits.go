// Exits exits from handlers.
//
//subako:package exits
package exits

import (
	"log"
	"os"
)

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

type loader struct{ l *log.Logger }

func (ld loader) load() {
	ld.l.Fatalf("no") // want `A015 exit-in-handler: \(\*log.Logger\).Fatalf is reached from handler direct \(direct → load\)`
}

func helper() {
	deeper()
}

func deeper() {
	log.Fatal("no") // want `A015 exit-in-handler: log.Fatal is reached from handler direct \(direct → helper → deeper\)`
}

// Direct exits.
//
//subako:function
func direct(in In) (Out, error) {
	if false {
		os.Exit(1) // want `A015 exit-in-handler: os.Exit is reached from handler direct: exiting ends the call`
	}
	helper()
	loader{}.load()
	func() {
		log.Fatalln("in a closure") // want `A015 exit-in-handler: log.Fatalln is reached from handler direct`
	}()
	return Out{}, nil
}

// Second reaches the same exit: reported once.
//
//subako:function
func second(in In) (Out, error) {
	deeper()
	callback(exitLater)
	return Out{}, nil
}

func callback(f func()) {}

func exitLater() {
	os.Exit(2) // want `A015 exit-in-handler: os.Exit is reached from handler second \(second → exitLater\)`
}

func main() {
	os.Exit(0) // main is not a handler
}
