package kernel

import "encoding/json"

// Message types of the requests and replies this package sends and reads.
const (
	KernelInfoRequest = "kernel_info_request"
	KernelInfoReply   = "kernel_info_reply"
	ExecuteRequest    = "execute_request"
	ExecuteReplyType  = "execute_reply"
	InterruptRequest  = "interrupt_request"
	InterruptReply    = "interrupt_reply"
	ShutdownRequest   = "shutdown_request"
	ShutdownReply     = "shutdown_reply"
	InputRequest      = "input_request"
	InputReply        = "input_reply"
)

// Message types published on iopub.
const (
	StatusType            = "status"
	ExecuteInputType      = "execute_input"
	StreamType            = "stream"
	DisplayDataType       = "display_data"
	UpdateDisplayDataType = "update_display_data"
	ExecuteResultType     = "execute_result"
	ErrorType             = "error"
	ClearOutputType       = "clear_output"
)

// KernelInfo is the content of kernel_info_reply.
type KernelInfo struct {
	Status                string       `json:"status"`
	ProtocolVersion       string       `json:"protocol_version"`
	Implementation        string       `json:"implementation"`
	ImplementationVersion string       `json:"implementation_version"`
	LanguageInfo          LanguageInfo `json:"language_info"`
	Banner                string       `json:"banner"`
}

// LanguageInfo describes the language a kernel runs.
type LanguageInfo struct {
	Name          string `json:"name"`
	Version       string `json:"version"`
	MIMEType      string `json:"mimetype"`
	FileExtension string `json:"file_extension"`
}

// executeRequest is the content of execute_request; GoNB requires every field.
type executeRequest struct {
	Code            string            `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    bool              `json:"store_history"`
	UserExpressions map[string]string `json:"user_expressions"`
	AllowStdin      bool              `json:"allow_stdin"`
	StopOnError     bool              `json:"stop_on_error"`
}

// ExecuteReply is the content of execute_reply. Status is "ok", "error" or
// "aborted"; the error fields are set for "error".
type ExecuteReply struct {
	Status         string   `json:"status"`
	ExecutionCount int      `json:"execution_count"`
	EName          string   `json:"ename"`
	EValue         string   `json:"evalue"`
	Traceback      []string `json:"traceback"`
}

// Status is the content of a status message: ExecutionState is "starting",
// "busy" or "idle".
type Status struct {
	ExecutionState string `json:"execution_state"`
}

// Stream is the content of a stream message: Name is "stdout" or "stderr".
type Stream struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// DisplayData is the content of display_data, update_display_data and
// execute_result (which also sets ExecutionCount). Data maps MIME types to
// raw JSON values; Transient may carry a "display_id".
type DisplayData struct {
	Data           map[string]json.RawMessage `json:"data"`
	Metadata       map[string]json.RawMessage `json:"metadata"`
	Transient      map[string]json.RawMessage `json:"transient,omitempty"`
	ExecutionCount *int                       `json:"execution_count,omitempty"`
}

// DisplayID returns the transient display id, or "" when there is none.
func (d *DisplayData) DisplayID() string {
	var id string
	if raw, ok := d.Transient["display_id"]; ok && json.Unmarshal(raw, &id) == nil {
		return id
	}
	return ""
}

// Error is the content of an error message.
type Error struct {
	EName     string   `json:"ename"`
	EValue    string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

// ClearOutput is the content of clear_output: with Wait the output is cleared
// when the next output arrives rather than at once.
type ClearOutput struct {
	Wait bool `json:"wait"`
}
