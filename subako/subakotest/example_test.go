package subakotest_test

import (
	"errors"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/subakotest"
)

// ForecastInput is forecast's arguments.
type ForecastInput struct {
	// The city, such as Berlin.
	City string `json:"city"`
}

// Forecast is forecast's answer.
type Forecast struct {
	City    string `json:"city"`
	Summary string `json:"summary"`
}

// Get the weather in a city.
//
//subako:function
func forecast(in ForecastInput) (Forecast, error) {
	resp, err := subako.Fetch(&subako.HTTPRequest{
		URL:     "https://api.example.com/forecast?city=" + url.QueryEscape(in.City),
		Timeout: 5 * time.Second,
	})
	if err != nil {
		return Forecast{}, err // an *HTTPError: the model reads its kind and why
	}
	if resp.Status != 200 {
		return Forecast{}, subako.NewToolError("the forecast service answered " + strconv.Itoa(resp.Status))
	}
	return Forecast{City: in.City, Summary: resp.Text}, nil
}

// A handler that calls subako.Fetch is tested with go test: HandleHTTP
// answers its requests for the rest of the test, with no network and no
// module. A test function gets t from go test, so this example is only
// compiled; TestForecast below runs the same test.
func ExampleHandleHTTP() {
	testForecast := func(t *testing.T) {
		subakotest.HandleHTTP(t, func(req *subako.HTTPRequest) (*subako.HTTPResponse, error) {
			if req.URL != "https://api.example.com/forecast?city=S%C3%A3o+Paulo" {
				return nil, &subako.HTTPError{Kind: subako.HTTPHostNotAllowed, Message: req.URL}
			}
			return &subako.HTTPResponse{Status: 200, Text: "Sunny"}, nil
		})
		got, err := forecast(ForecastInput{City: "São Paulo"})
		if err != nil || got.Summary != "Sunny" {
			t.Fatalf("forecast = %+v, %v", got, err)
		}
	}
	_ = testForecast // func TestForecast(t *testing.T) { ... }
}

// TestForecast is ExampleHandleHTTP's test, run, with a failing request
// too: the handler's error is the *HTTPError the fake answered.
func TestForecast(t *testing.T) {
	subakotest.HandleHTTP(t, func(req *subako.HTTPRequest) (*subako.HTTPResponse, error) {
		switch req.URL {
		case "https://api.example.com/forecast?city=S%C3%A3o+Paulo":
			return &subako.HTTPResponse{Status: 200, Text: "Sunny"}, nil
		case "https://api.example.com/forecast?city=Nowhere":
			return &subako.HTTPResponse{Status: 404, Text: "no such city"}, nil
		}
		return nil, &subako.HTTPError{Kind: subako.HTTPHostNotAllowed, Message: req.URL}
	})
	got, err := forecast(ForecastInput{City: "São Paulo"})
	if err != nil || got != (Forecast{City: "São Paulo", Summary: "Sunny"}) {
		t.Errorf("forecast(São Paulo) = %+v, %v", got, err)
	}
	var toolErr *subako.ToolError
	if _, err := forecast(ForecastInput{City: "Nowhere"}); !errors.As(err, &toolErr) || toolErr.Message != "the forecast service answered 404" {
		t.Errorf("forecast(Nowhere): got %v, want the tool error naming 404", err)
	}
	subakotest.HandleHTTP(t, func(*subako.HTTPRequest) (*subako.HTTPResponse, error) {
		return nil, &subako.HTTPError{Kind: subako.HTTPTimeout, Message: "no answer in 5s"}
	})
	var httpErr *subako.HTTPError
	if _, err := forecast(ForecastInput{City: "Berlin"}); !errors.As(err, &httpErr) || httpErr.Kind != subako.HTTPTimeout {
		t.Errorf("forecast(Berlin) with the timeout fake: got %v, want an *HTTPError of kind timeout", err)
	}
}
