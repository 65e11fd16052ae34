package gs1

import (
	"errors"
	"fmt"
)

// ErrSyntax is wrapped by every error this package returns about GS1 data;
// test with errors.Is. errors.As gives the *Error with the details.
var ErrSyntax = errors.New("invalid GS1 data")

// The rules an Error reports broken.
const (
	RuleSyntax      = "syntax"           // the form of the text: parentheses, separators, URI structure
	RuleUnknownAI   = "unknown AI"       // no such Application Identifier
	RuleLength      = "length"           // data too short or too long for the AI
	RuleCharset     = "character set"    // a character outside the AI's character set
	RuleCheckDigit  = "check digit"      // a wrong check digit or check character pair
	RuleDate        = "date"             // an impossible date or time
	RuleValue       = "value"            // a value outside its code list or range (country, currency, ...)
	RuleAssociation = "association"      // a mandatory association is missing (§4.13.2)
	RuleExclusion   = "invalid pair"     // two AIs that must not appear together (§4.13.1)
	RuleDuplicate   = "duplicate"        // one AI twice with different values
	RuleDigitalLink = "GS1 Digital Link" // a Digital Link URI the standard does not allow
)

// Error describes invalid GS1 data: the Application Identifier concerned
// (empty when the error is not in one field), the rule broken and the
// details.
type Error struct {
	AI     string // "01", or "" when the error is not in one field
	Rule   string // one of the Rule constants
	Detail string // what is wrong, such as "check digit is 3, should be 2"
}

func (e *Error) Error() string {
	if e.AI == "" {
		return fmt.Sprintf("gs1: %s: %s", e.Rule, e.Detail)
	}
	return fmt.Sprintf("gs1: AI (%s): %s: %s", e.AI, e.Rule, e.Detail)
}

// Unwrap returns ErrSyntax.
func (e *Error) Unwrap() error { return ErrSyntax }

func errorf(ai, rule, format string, args ...any) *Error {
	return &Error{AI: ai, Rule: rule, Detail: fmt.Sprintf(format, args...)}
}
