// Toomany has 65 tools.
// want +2 `A004 tool-count: the package has 65 tools; Subako takes at most 64`
//
//subako:package toomany
package toomany

// In is the input.
type In struct {
	// A name.
	Name string `json:"name"`
}

// Out is the output.
type Out struct{}

// Tool00 is tool number 0.
//
//subako:function
func tool00(in In) (Out, error) { return Out{}, nil }

// Tool01 is tool number 1.
//
//subako:function
func tool01(in In) (Out, error) { return Out{}, nil }

// Tool02 is tool number 2.
//
//subako:function
func tool02(in In) (Out, error) { return Out{}, nil }

// Tool03 is tool number 3.
//
//subako:function
func tool03(in In) (Out, error) { return Out{}, nil }

// Tool04 is tool number 4.
//
//subako:function
func tool04(in In) (Out, error) { return Out{}, nil }

// Tool05 is tool number 5.
//
//subako:function
func tool05(in In) (Out, error) { return Out{}, nil }

// Tool06 is tool number 6.
//
//subako:function
func tool06(in In) (Out, error) { return Out{}, nil }

// Tool07 is tool number 7.
//
//subako:function
func tool07(in In) (Out, error) { return Out{}, nil }

// Tool08 is tool number 8.
//
//subako:function
func tool08(in In) (Out, error) { return Out{}, nil }

// Tool09 is tool number 9.
//
//subako:function
func tool09(in In) (Out, error) { return Out{}, nil }

// Tool10 is tool number 10.
//
//subako:function
func tool10(in In) (Out, error) { return Out{}, nil }

// Tool11 is tool number 11.
//
//subako:function
func tool11(in In) (Out, error) { return Out{}, nil }

// Tool12 is tool number 12.
//
//subako:function
func tool12(in In) (Out, error) { return Out{}, nil }

// Tool13 is tool number 13.
//
//subako:function
func tool13(in In) (Out, error) { return Out{}, nil }

// Tool14 is tool number 14.
//
//subako:function
func tool14(in In) (Out, error) { return Out{}, nil }

// Tool15 is tool number 15.
//
//subako:function
func tool15(in In) (Out, error) { return Out{}, nil }

// Tool16 is tool number 16.
//
//subako:function
func tool16(in In) (Out, error) { return Out{}, nil }

// Tool17 is tool number 17.
//
//subako:function
func tool17(in In) (Out, error) { return Out{}, nil }

// Tool18 is tool number 18.
//
//subako:function
func tool18(in In) (Out, error) { return Out{}, nil }

// Tool19 is tool number 19.
//
//subako:function
func tool19(in In) (Out, error) { return Out{}, nil }

// Tool20 is tool number 20.
//
//subako:function
func tool20(in In) (Out, error) { return Out{}, nil }

// Tool21 is tool number 21.
//
//subako:function
func tool21(in In) (Out, error) { return Out{}, nil }

// Tool22 is tool number 22.
//
//subako:function
func tool22(in In) (Out, error) { return Out{}, nil }

// Tool23 is tool number 23.
//
//subako:function
func tool23(in In) (Out, error) { return Out{}, nil }

// Tool24 is tool number 24.
//
//subako:function
func tool24(in In) (Out, error) { return Out{}, nil }

// Tool25 is tool number 25.
//
//subako:function
func tool25(in In) (Out, error) { return Out{}, nil }

// Tool26 is tool number 26.
//
//subako:function
func tool26(in In) (Out, error) { return Out{}, nil }

// Tool27 is tool number 27.
//
//subako:function
func tool27(in In) (Out, error) { return Out{}, nil }

// Tool28 is tool number 28.
//
//subako:function
func tool28(in In) (Out, error) { return Out{}, nil }

// Tool29 is tool number 29.
//
//subako:function
func tool29(in In) (Out, error) { return Out{}, nil }

// Tool30 is tool number 30.
//
//subako:function
func tool30(in In) (Out, error) { return Out{}, nil }

// Tool31 is tool number 31.
//
//subako:function
func tool31(in In) (Out, error) { return Out{}, nil }

// Tool32 is tool number 32.
//
//subako:function
func tool32(in In) (Out, error) { return Out{}, nil }

// Tool33 is tool number 33.
//
//subako:function
func tool33(in In) (Out, error) { return Out{}, nil }

// Tool34 is tool number 34.
//
//subako:function
func tool34(in In) (Out, error) { return Out{}, nil }

// Tool35 is tool number 35.
//
//subako:function
func tool35(in In) (Out, error) { return Out{}, nil }

// Tool36 is tool number 36.
//
//subako:function
func tool36(in In) (Out, error) { return Out{}, nil }

// Tool37 is tool number 37.
//
//subako:function
func tool37(in In) (Out, error) { return Out{}, nil }

// Tool38 is tool number 38.
//
//subako:function
func tool38(in In) (Out, error) { return Out{}, nil }

// Tool39 is tool number 39.
//
//subako:function
func tool39(in In) (Out, error) { return Out{}, nil }

// Tool40 is tool number 40.
//
//subako:function
func tool40(in In) (Out, error) { return Out{}, nil }

// Tool41 is tool number 41.
//
//subako:function
func tool41(in In) (Out, error) { return Out{}, nil }

// Tool42 is tool number 42.
//
//subako:function
func tool42(in In) (Out, error) { return Out{}, nil }

// Tool43 is tool number 43.
//
//subako:function
func tool43(in In) (Out, error) { return Out{}, nil }

// Tool44 is tool number 44.
//
//subako:function
func tool44(in In) (Out, error) { return Out{}, nil }

// Tool45 is tool number 45.
//
//subako:function
func tool45(in In) (Out, error) { return Out{}, nil }

// Tool46 is tool number 46.
//
//subako:function
func tool46(in In) (Out, error) { return Out{}, nil }

// Tool47 is tool number 47.
//
//subako:function
func tool47(in In) (Out, error) { return Out{}, nil }

// Tool48 is tool number 48.
//
//subako:function
func tool48(in In) (Out, error) { return Out{}, nil }

// Tool49 is tool number 49.
//
//subako:function
func tool49(in In) (Out, error) { return Out{}, nil }

// Tool50 is tool number 50.
//
//subako:function
func tool50(in In) (Out, error) { return Out{}, nil }

// Tool51 is tool number 51.
//
//subako:function
func tool51(in In) (Out, error) { return Out{}, nil }

// Tool52 is tool number 52.
//
//subako:function
func tool52(in In) (Out, error) { return Out{}, nil }

// Tool53 is tool number 53.
//
//subako:function
func tool53(in In) (Out, error) { return Out{}, nil }

// Tool54 is tool number 54.
//
//subako:function
func tool54(in In) (Out, error) { return Out{}, nil }

// Tool55 is tool number 55.
//
//subako:function
func tool55(in In) (Out, error) { return Out{}, nil }

// Tool56 is tool number 56.
//
//subako:function
func tool56(in In) (Out, error) { return Out{}, nil }

// Tool57 is tool number 57.
//
//subako:function
func tool57(in In) (Out, error) { return Out{}, nil }

// Tool58 is tool number 58.
//
//subako:function
func tool58(in In) (Out, error) { return Out{}, nil }

// Tool59 is tool number 59.
//
//subako:function
func tool59(in In) (Out, error) { return Out{}, nil }

// Tool60 is tool number 60.
//
//subako:function
func tool60(in In) (Out, error) { return Out{}, nil }

// Tool61 is tool number 61.
//
//subako:function
func tool61(in In) (Out, error) { return Out{}, nil }

// Tool62 is tool number 62.
//
//subako:function
func tool62(in In) (Out, error) { return Out{}, nil }

// Tool63 is tool number 63.
//
//subako:function
func tool63(in In) (Out, error) { return Out{}, nil }

// Tool64 is tool number 64.
//
//subako:function
func tool64(in In) (Out, error) { return Out{}, nil }
